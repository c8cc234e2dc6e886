/**
 * Benchmark of the rubric matcher of typed practice answers (src/server/practice/rubric-match.ts), in process. Loads
 * the 20 scenarios of content/practice, then prints:
 * - the cold start: importing the matcher (wink and its model), then the first call (the pipeline built, the first rubric
 *   compiled) on the first scenario's model answer;
 * - warm timings of each scenario's model answer, and of a 5,000-character answer (the longest the API takes) made of
 *   the scenario's own model answer and setup, so it matches as much as a long real answer would;
 * - a section to paste into docs/benchmarks.md.
 * It prints figures; it is not a test.
 *
 *   npx tsx scripts/bench/practice-feedback.ts [--runs 50]
 */
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import type { RubricItemToMatch } from '~/server/practice/rubric-match';
import { PRACTICE_TEXT_MAX } from '~/shared/practice/limits';
import { percentile } from '~tools/bench-stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const RUNS = Number(values.runs);
const DIR = 'content/practice';

interface Scenario {
  id: string;
  setup: string;
  modelAnswer: string;
  rubric: RubricItemToMatch[];
}

const files = (await readdir(DIR)).filter((file) => file.endsWith('.yaml')).sort();
const scenarios = await Promise.all(files.map(async (file) => parse(await readFile(`${DIR}/${file}`, 'utf8')) as Scenario));

/** The scenario's own words repeated up to the API's limit, cut at a word. */
function longAnswer({ modelAnswer, setup }: Scenario): string {
  let text = '';
  while (text.length < PRACTICE_TEXT_MAX) text += `${modelAnswer} ${setup} `;
  return text.slice(0, text.lastIndexOf(' ', PRACTICE_TEXT_MAX)).trim();
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

// Imported here, not at the top, so the cold figure includes loading wink and its model.
const importStart = performance.now();
const { matchRubric } = await import('~/server/practice/rubric-match');
const imported = performance.now() - importStart;
const first = scenarios[0]!;
const cold = time(() => matchRubric(first.modelAnswer, first.rubric));

const model: number[] = [];
const long: number[] = [];
const answers = scenarios.map((scenario) => ({ scenario, long: longAnswer(scenario) }));
// Compile every rubric and warm the JIT before timing: warm figures are what each attempt after the first costs.
for (const { scenario, long: text } of answers) matchRubric(text, scenario.rubric);
for (let run = 0; run < RUNS; run++) {
  for (const { scenario, long: text } of answers) {
    model.push(time(() => matchRubric(scenario.modelAnswer, scenario.rubric)));
    long.push(time(() => matchRubric(text, scenario.rubric)));
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const row = (name: string, samples: number[]) =>
  `| ${name} | ${ms(percentile(samples, 0.5))} | ${ms(percentile(samples, 0.95))} | ${ms(percentile(samples, 1))} | ${samples.length} |`;
const chars = (list: string[]) => `${Math.min(...list.map((text) => text.length))}–${Math.max(...list.map((text) => text.length))}`;
const date = new Date().toISOString().slice(0, 10);
const load = loadavg()[0]!.toFixed(1);

console.log(`## npx tsx scripts/bench/practice-feedback.ts

\`matchRubric\` (src/server/practice/rubric-match.ts) in process over the ${scenarios.length} scenarios of content/practice, ${date},
load average ${load}, Node ${process.version}. Warm: each scenario's rubric compiled and the model built before timing, ${RUNS}
runs of every scenario.

| answer | p50 | p95 | max | calls |
|---|---|---|---|---|
${row(`model answer (${chars(scenarios.map((scenario) => scenario.modelAnswer))} characters)`, model)}
${row(`${PRACTICE_TEXT_MAX.toLocaleString('en')}-character answer (${chars(answers.map((answer) => answer.long))})`, long)}

- Cold, once per function instance: ${ms(imported + cold)} in all, of which importing the module (wink and its model) ${ms(imported)},
  and the first call (the pipeline built from the model, one rubric compiled, one answer matched) ${ms(cold)}.`);
