/**
 * The MDX bodies of lessons and module introductions, read with the parser Astro's MDX uses (satteri):
 * a body that does not parse (the classic: "<" followed by a digit, read as the start of a component),
 * a component the pages do not pass to lessons, and every <KnowledgeCheck> whose props are missing or
 * wrong — above all an `answer` that is not an index of its options.
 */
import { mdxToMdast } from 'satteri';
import type { Problem } from './problems';
import type { RawEntry } from './read';

/** The components pages pass to MDX content (src/components/lesson/mdx-components.ts; a unit test keeps them equal). */
export const MDX_COMPONENT_NAMES = ['KnowledgeCheck'] as const;

interface MdxNode {
  type: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: string | { type: string; value: string } | null }>;
  position?: { start: { line: number } };
  children?: MdxNode[];
}

/** One knowledge check as written: its props, and where it starts in the file. */
export interface KnowledgeCheckProps {
  line: number;
  question: unknown;
  options: unknown;
  answer: unknown;
  explanation: unknown;
  /** Props the component does not know. */
  unknown: string[];
}

const PROPS = ['question', 'options', 'answer', 'explanation'];

/** A prop's value: a text for `prop="…"`, the parsed literal for `prop={…}` (undefined when it is not a plain literal). */
function propValue(value: NonNullable<MdxNode['attributes']>[number]['value']): unknown {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value;
  try {
    return JSON.parse(value.value) as unknown;
  } catch {
    return undefined;
  }
}

function collect(
  node: MdxNode,
  lineOffset: number,
  found: { checks: KnowledgeCheckProps[]; components: Array<{ name: string; line: number }> },
) {
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[A-Z]/.test(node.name)) {
    const line = (node.position?.start.line ?? 1) + lineOffset;
    found.components.push({ name: node.name, line });
    if (node.name === 'KnowledgeCheck') {
      const props = Object.fromEntries(
        (node.attributes ?? []).filter((attribute) => attribute.name).map((attribute) => [attribute.name!, propValue(attribute.value)]),
      );
      found.checks.push({
        line,
        question: props['question'],
        options: props['options'],
        answer: props['answer'],
        explanation: props['explanation'],
        unknown: Object.keys(props).filter((name) => !PROPS.includes(name)),
      });
    }
  }
  for (const child of node.children ?? []) collect(child, lineOffset, found);
}

/** Parses an MDX body; throws the parser's error (with "line:column") when it cannot be read. */
function readMdxBody(body: string, lineOffset = 0): { checks: KnowledgeCheckProps[]; components: Array<{ name: string; line: number }> } {
  const found = { checks: [] as KnowledgeCheckProps[], components: [] as Array<{ name: string; line: number }> };
  collect(mdxToMdast(body) as unknown as MdxNode, lineOffset, found);
  return found;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/** What is wrong with one knowledge check's props: each as [message, fix]. */
export function knowledgeCheckErrors(check: KnowledgeCheckProps): Array<[string, string]> {
  const errors: Array<[string, string]> = [];
  if (!isText(check.question)) errors.push(['has no `question`', 'Write question="…" with the question as the learner reads it.']);
  if (!isText(check.explanation)) errors.push(['has no `explanation`', 'Write explanation="…": why the right answer is right.']);
  const options = Array.isArray(check.options) && check.options.every(isText) ? (check.options as string[]) : null;
  if (!options || options.length < 2) {
    errors.push([
      'needs `options` as a list of at least two texts',
      'Write options={["first option", "second option", "third option"]} with double quotes.',
    ]);
  }
  const answer = check.answer;
  if (typeof answer !== 'number' || !Number.isInteger(answer)) {
    errors.push([
      'needs `answer`, the position of the correct option counted from 0',
      'Write answer={0} for the first option, answer={1} for the second, and so on.',
    ]);
  } else if (options && (answer < 0 || answer >= options.length)) {
    const last = options.length - 1;
    errors.push([
      `has answer={${answer}}, but its ${options.length} options are numbered 0 to ${last} (answer counts from 0)`,
      `Set answer to the position of the correct option: 0 for "${options[0]}", …, ${last} for "${options[last]}".`,
    ]);
  }
  for (const name of check.unknown)
    errors.push([`has an unknown prop \`${name}\``, `Remove it; a knowledge check takes ${PROPS.join(', ')}.`]);
  return errors;
}

const clip = (text: string) => (text.length > 50 ? `${text.slice(0, 49)}…` : text);

/** One knowledge-check question, for the quiz-bank lint. */
export interface FoundCheck {
  file: string;
  line: number;
  where: string;
  question: string;
}

/** Every problem in the MDX bodies of lessons and modules, and the knowledge-check questions found. */
export function checkMdxBodies(entries: readonly RawEntry[]): { problems: Problem[]; checks: FoundCheck[] } {
  const questions: FoundCheck[] = [];
  const problems = entries.flatMap((entry): Problem[] => {
    if (entry.body === undefined) return [];
    const name = `${entry.source.noun} '${entry.source.titleOf(entry.data, entry.id)}'`;
    let found: ReturnType<typeof readMdxBody>;
    try {
      found = readMdxBody(entry.body, (entry.bodyLine ?? 1) - 1);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const [, line, column] = /^(\d+):(\d+)/.exec(text) ?? [];
      const bodyLine = line ? Number(line) + (entry.bodyLine ?? 1) - 1 : null;
      return [
        {
          file: entry.file,
          line: bodyLine,
          where: `The body of ${name}`,
          message: `cannot be read as MDX${column ? ` (column ${column})` : ''}: ${text.replace(/^\d+:\d+:\s*/, '')}`,
          fix: 'In MDX, "<" starts a component and "{" an expression: write "less than" or &lt; instead of "<" before a number or a space (e.g. "&lt;5%"), and \\{ for a literal brace.',
        },
      ];
    }
    const unknownComponents = found.components
      .filter((component) => !(MDX_COMPONENT_NAMES as readonly string[]).includes(component.name))
      .map((component): Problem => ({
        file: entry.file,
        line: component.line,
        where: `The body of ${name}`,
        message: `uses <${component.name}>, which lessons do not have`,
        fix: `Use one of: ${MDX_COMPONENT_NAMES.join(', ')} (content/README.md "Components"), without an import line.`,
      }));
    const checks = found.checks.flatMap((check, index) => {
      const where = `Knowledge check ${index + 1}${isText(check.question) ? ` ('${clip(check.question)}')` : ''} of ${name}`;
      if (isText(check.question))
        questions.push({ file: entry.file, line: check.line, where: where.replace(/^K/, 'k'), question: check.question });
      return knowledgeCheckErrors(check).map(([message, fix]): Problem => ({ file: entry.file, line: check.line, where, message, fix }));
    });
    return [...unknownComponents, ...checks];
  });
  return { problems, checks: questions };
}
