// README.md's list of scheduled functions stays true: the same functions as netlify/functions/, each with the
// schedule of its `export const config`, and any function or schedule netlify.toml names agrees with both.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** README's list under "scheduled functions run on Netlify": name → schedule, from "- `name` (`schedule`…): …". */
function readmeSchedules(): Map<string, string> {
  const readme = read('README.md');
  const start = readme.search(/scheduled functions run on Netlify/);
  expect(start, 'README.md has no "scheduled functions run on Netlify" list').toBeGreaterThanOrEqual(0);
  const lines = readme.slice(start).split('\n').slice(1);
  const list = lines.slice(lines.findIndex((line) => line.startsWith('- ')));
  const end = list.findIndex((line) => !line.startsWith('- '));
  const items = end === -1 ? list : list.slice(0, end);
  return new Map(
    items.map((line) => {
      const match = /^- `([\w-]+)` \(`([^`]+)`[^)]*\): \S/.exec(line);
      expect(match, `README.md list item not of the form "- \`name\` (\`schedule\`): what it does": ${line}`).not.toBeNull();
      return [match![1]!, match![2]!] as const;
    }),
  );
}

/** Each netlify/functions/*.mts by name, with the schedule of its `export const config`. */
function functionSchedules(): Map<string, string> {
  const files = readdirSync(path.join(ROOT, 'netlify/functions')).filter((file) => file.endsWith('.mts'));
  return new Map(
    files.map((file) => {
      const match = /export const config(?::\s*Config)?\s*=\s*\{\s*schedule:\s*'([^']+)'\s*\}/.exec(read(`netlify/functions/${file}`));
      expect(match, `netlify/functions/${file} has no \`export const config = { schedule: '…' }\``).not.toBeNull();
      return [file.replace(/\.mts$/, ''), match![1]!] as const;
    }),
  );
}

/** The `[functions."name"]` tables of netlify.toml with their `schedule` (null when a table sets none). */
function tomlSchedules(): Map<string, string | null> {
  const found = new Map<string, string | null>();
  let current: string | null = null;
  for (const line of read('netlify.toml').split('\n')) {
    const table = /^\s*\[\s*functions\.(?:"([^"]+)"|([\w-]+))\s*\]/.exec(line);
    if (table) {
      current = table[1] ?? table[2]!;
      // [functions."*"] and similar settings for every function name no function.
      if (current.includes('*')) current = null;
      else found.set(current, null);
      continue;
    }
    if (/^\s*\[/.test(line)) current = null;
    const schedule = /^\s*schedule\s*=\s*"([^"]+)"/.exec(line);
    if (current !== null && schedule) found.set(current, schedule[1]!);
  }
  return found;
}

describe("README.md's scheduled functions", () => {
  it('lists every function in netlify/functions/ with the schedule of its config, and nothing else', () => {
    const files = functionSchedules();
    expect(files.size).toBeGreaterThan(0);
    expect(Object.fromEntries(readmeSchedules())).toEqual(Object.fromEntries(files));
  });

  it('says how many there are', () => {
    const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    const count = /(\w+) scheduled functions run on Netlify/i.exec(read('README.md'))?.[1]?.toLowerCase();
    expect(count).toBe(words[functionSchedules().size]);
  });

  it('agrees with netlify.toml wherever it names a function or a schedule', () => {
    const files = functionSchedules();
    for (const [name, schedule] of tomlSchedules()) {
      expect(files.has(name), `netlify.toml names ${name}, which is not in netlify/functions/`).toBe(true);
      if (schedule !== null) expect(schedule, `netlify.toml's schedule of ${name}`).toBe(files.get(name));
    }
  });
});
