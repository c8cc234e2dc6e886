// Lesson and module MDX bodies as searchable plain text, cut into sections at their headings, each with
// the fragment id Astro gives that heading (src/shared/anchors.ts mirrors github-slugger). What a reader
// sees only: imports and exports are dropped, and a <KnowledgeCheck> keeps its question but never its
// options, answer or explanation (they would give the answer away, like quiz answer keys).
import { headingSlugs } from '~/shared/anchors';

export interface TextSection {
  /** The heading text; null for the text before the first heading. */
  heading: string | null;
  /** The heading's fragment id; null for the text before the first heading. */
  anchor: string | null;
  /** The section's plain text: paragraphs on their own lines. */
  text: string;
}

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/;
const ESM_LINE = /^(?:import|export)\s.*$/gm;
/** A self-closing component (`<KnowledgeCheck … />`) or one with children (`<Callout>…</Callout>`). */
const COMPONENT = /<([A-Z][\w.]*)\b((?:[^>"'{}]|"[^"]*"|'[^']*'|\{[^}]*\})*?)(?:\/>|>([\s\S]*?)<\/\1>)/g;
const QUESTION_ATTRIBUTE = /\bquestion=(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/** A component's readable text: a knowledge check's question, another component's children. */
function componentText(_match: string, _name: string, attributes: string, children: string | undefined): string {
  const question = QUESTION_ATTRIBUTE.exec(attributes);
  const text = question ? (question[1] ?? question[2] ?? question[3] ?? '') : (children ?? '');
  return `\n${text}\n`;
}

/** Inline Markdown as the reader sees it: links and images by their text, no emphasis or code marks, no HTML tags. */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/(\*\*|__|\*|`)/g, '')
    .replace(/(^|\s)_(\S[^_]*\S|\S)_(?=\s|$|[.,;:!?])/g, '$1$2')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** One Markdown line as text: list, quote and table syntax removed (a table row's cells joined by spaces). */
function lineText(line: string): string {
  const trimmed = line.trim();
  if (/^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(trimmed)) return ''; // a table's separator row
  const unprefixed = trimmed.replace(/^(?:>\s*)+/, '').replace(/^(?:[-*+]|\d+[.)])\s+/, '');
  return inlineText(unprefixed.startsWith('|') ? unprefixed.replace(/^\||\|$/g, '').replace(/\|/g, ' · ') : unprefixed);
}

/** The body's sections in order; empty sections (a heading directly followed by a sub-heading) are kept. */
export function textSections(body: string): TextSection[] {
  const source = body.replace(FRONTMATTER, '').replace(ESM_LINE, '').replace(COMPONENT, componentText);
  const sections: Array<{ heading: string | null; lines: string[] }> = [{ heading: null, lines: [] }];
  for (const line of source.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) sections.push({ heading: inlineText(heading[2] ?? ''), lines: [] });
    else sections.at(-1)!.lines.push(lineText(line));
  }
  const anchors = headingSlugs(sections.flatMap((section) => (section.heading === null ? [] : [section.heading])));
  let next = 0;
  return sections
    .map((section) => ({
      heading: section.heading,
      anchor: section.heading === null ? null : (anchors[next++] ?? null),
      text: section.lines
        .join('\n')
        .replace(/\n{2,}/g, '\n')
        .trim(),
    }))
    .filter((section) => section.heading !== null || section.text !== '');
}
