/**
 * Checks every entry against its collection's schema and reports EVERY failing field of every entry
 * (Astro's own content sync stops at the first), in words: the field's place, what is wrong, and the fix
 * taken from the field's description. Unknown fields are named, with the nearest allowed name.
 */
import type { z } from 'astro/zod';
import { allowedFields, describePath, fieldDescription, show, valueAt } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';
import type { EntryData } from './source-helpers';

type Issue = z.core.$ZodIssue;

const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The allowed name closest to a misspelt one, if it is close enough to be a typo. */
export function closest(name: string, allowed: readonly string[]): string | null {
  const ranked = allowed
    .map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
    .sort((a, b) => a.distance - b.distance);
  const best = ranked[0];
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.candidate : null;
}

function sizeMessage(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, value: unknown): string {
  const small = issue.code === 'too_small';
  const limit = small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum;
  if (issue.origin === 'array' || issue.origin === 'set') {
    const count = Array.isArray(value) ? value.length : 0;
    return `has ${count} ${count === 1 ? 'item' : 'items'}; ${small ? 'at least' : 'at most'} ${limit} ${small ? 'are needed' : 'are allowed'}`;
  }
  if (issue.origin === 'string')
    return small && Number(limit) <= 1
      ? 'is empty'
      : `is too ${small ? 'short' : 'long'} (${small ? 'at least' : 'at most'} ${limit} characters)`;
  return `is ${show(value)}; the ${small ? 'smallest' : 'largest'} allowed is ${limit}`;
}

/** What is wrong, for one issue that is not an unknown key. */
function messageOf(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? 'is missing' : `should be ${EXPECTED[issue.expected] ?? issue.expected}, not ${show(value)}`;
    case 'invalid_value':
      return `is ${show(value)}, which is not allowed here (allowed: ${issue.values.map((allowed) => String(allowed)).join(', ')})`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue, value);
    case 'invalid_format':
      return /^Invalid/.test(issue.message) ? `is not a valid ${issue.format} (${show(value)})` : `${issue.message} (found ${show(value)})`;
    case 'invalid_union':
      return `has a value of the wrong form (found ${show(value)})`;
    default:
      return issue.message;
  }
}

function fixOf(issue: Issue, description: string | null, value: unknown): string {
  const guide = description ?? 'See the field in the schema named at the top of the content file.';
  if (issue.code === 'invalid_type' && value === undefined) return `Add it. ${guide}`;
  if (issue.code === 'invalid_value') return `Use one of: ${issue.values.map((allowed) => String(allowed)).join(', ')}.`;
  return guide;
}

/** Fields that were once authored and are now computed or gone: what to tell an editor who still writes one. */
const RETIRED_FIELDS: Record<string, Record<string, string>> = {
  lessons: {
    duration:
      'Remove the `duration` line: a lesson\'s minutes are computed from its words and knowledge checks (content/README.md "Reading time").',
  },
};

/** Problems for one failed parse of one entry. */
function problemsOfIssues(entry: RawEntry, schema: z.ZodType, issues: readonly Issue[]): Problem[] {
  const place = { source: entry.source, id: entry.id, data: entry.data };
  return issues.flatMap((issue): Problem[] => {
    const path = issue.path;
    if (issue.code === 'unrecognized_keys') {
      const allowed = allowedFields(schema, path);
      return issue.keys.map((key) => {
        const suggestion = closest(key, allowed);
        const retired = path.length === 0 ? RETIRED_FIELDS[entry.source.collection]?.[key] : undefined;
        return {
          file: entry.file,
          line: entry.lineOf([...path, key]),
          where: describePath(place, path),
          message: `has an unknown field \`${key}\``,
          fix:
            retired ??
            `Remove \`${key}\`${suggestion ? ` or correct it to \`${suggestion}\`` : ' or correct its spelling'}. Fields allowed here: ${allowed.join(', ')}.`,
        };
      });
    }
    const value = valueAt(entry.data, path);
    return [
      {
        file: entry.file,
        line: entry.lineOf(path),
        where: describePath(place, path),
        message: messageOf(issue, value),
        fix: fixOf(issue, fieldDescription(schema, path), value),
      },
    ];
  });
}

export interface ParsedEntry extends RawEntry {
  /** The entry's data as the schema outputs it (dates as YYYY-MM-DD, review.reviewBy filled in). */
  parsed: EntryData;
}

/** Parses every entry; returns the ones that pass and a problem for every failing field of the others. */
export function checkSchemas(entries: readonly RawEntry[]): { parsed: ParsedEntry[]; problems: Problem[] } {
  const parsed: ParsedEntry[] = [];
  const problems: Problem[] = [];
  for (const entry of entries) {
    const result = entry.source.schema.safeParse(entry.data);
    if (result.success) parsed.push({ ...entry, parsed: result.data as EntryData });
    else problems.push(...problemsOfIssues(entry, entry.source.schema, result.error.issues));
  }
  return { parsed, problems };
}
