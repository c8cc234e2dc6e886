/**
 * The MDX bodies of lessons and module introductions, read with the parser Astro's MDX uses (satteri):
 * a body that does not parse (the classic: "<" directly followed by a digit or letter, read as the start
 * of a component), a component the pages do not pass to lessons, an expression in braces (`{of}` parses
 * but is run as code, and the page fails with "of is not defined"; lessons hold no code, only a comment in
 * braces, a note to editors; components take their props as attributes), and every <KnowledgeCheck> whose props
 * are missing or wrong — above all an `answer` that is not an index of its options.
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
  value?: string;
  position?: { start: { line: number; column: number } };
  children?: MdxNode[];
}

/** An expression in braces in the text of a body (not a component's prop), and where it starts. */
interface BodyExpression {
  code: string;
  line: number;
  column: number;
}

interface FoundInBody {
  checks: KnowledgeCheckProps[];
  components: Array<{ name: string; line: number }>;
  expressions: BodyExpression[];
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

function collect(node: MdxNode, lineOffset: number, found: FoundInBody) {
  if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
    const start = node.position?.start ?? { line: 1, column: 1 };
    found.expressions.push({ code: node.value ?? '', line: start.line + lineOffset, column: start.column });
  }
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
function readMdxBody(body: string, lineOffset = 0): FoundInBody {
  const found: FoundInBody = { checks: [], components: [], expressions: [] };
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

const clip = (text: string, max = 50) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** True for a comment in braces (a note to editors): an expression that is only comments renders nothing. */
const isComment = (code: string) =>
  code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .trim() === '';

/** Every expression in braces in a body's text that is not a comment: MDX would run it as code. */
function expressionProblems(expressions: readonly BodyExpression[], file: string, name: string): Problem[] {
  return expressions
    .filter((expression) => !isComment(expression.code))
    .map(({ code, line, column }): Problem => {
      const shown = `{${clip(code.trim(), 40)}}`;
      const word = code.trim();
      const effect = /^[A-Za-z_$][\w$]*$/.test(word)
        ? `so the page fails when opened ("${word} is not defined")`
        : 'and lessons hold text, not code';
      return {
        file,
        line,
        where: `The body of ${name}`,
        message: `has ${shown} (column ${column}): MDX runs text in braces as code, ${effect}`,
        fix: `To show the braces as text, put a backslash before each: \\${shown.slice(0, -1)}\\}. Otherwise remove them. A note to editors is written {/* like this */}.`,
      };
    });
}

/** One knowledge-check question, for the quiz-bank lint; `options` and `answer` only when both are well formed. */
export interface FoundCheck {
  file: string;
  line: number;
  where: string;
  question: string;
  options?: string[];
  answer?: number;
}

/** The options and the answer of a check whose props are sound, for the bank's option rules. */
function keyed(check: KnowledgeCheckProps): Pick<FoundCheck, 'options' | 'answer'> {
  const { options, answer } = check;
  if (!Array.isArray(options) || !options.every(isText) || typeof answer !== 'number') return {};
  return Number.isInteger(answer) && answer >= 0 && answer < options.length ? { options: options as string[], answer } : {};
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
          fix: 'In MDX, a "<" directly followed by a digit or a letter starts a component: write "less than 5%" or "&lt;5%" ("< 5%" with a space is fine). "{" starts code: write \\{ and \\} for braces shown as text. content/README.md "MDX pitfalls" lists the other causes.',
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
        questions.push({ file: entry.file, line: check.line, where: where.replace(/^K/, 'k'), question: check.question, ...keyed(check) });
      return knowledgeCheckErrors(check).map(([message, fix]): Problem => ({ file: entry.file, line: check.line, where, message, fix }));
    });
    return [...unknownComponents, ...expressionProblems(found.expressions, entry.file, name), ...checks];
  });
  return { problems, checks: questions };
}
