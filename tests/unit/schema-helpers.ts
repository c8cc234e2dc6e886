// Shared by the content tests: where the content lives, reading its YAML, and the check that a
// schema rejects bad data with an error that names the field.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'astro/zod';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CONTENT = join(ROOT, 'content');

/** The YAML files of a content folder, sorted by name. */
export const yamlFiles = (dir: string) =>
  readdirSync(join(CONTENT, dir))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(CONTENT, dir, name));

export const readYaml = (path: string): unknown => parseYaml(readFileSync(path, 'utf8'));

/** A valid `review` block for schema fixtures (every content entry carries one). */
export const REVIEW = { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewEveryMonths: 12 } as const;

/** Expects the schema to reject `data` with an error that names `field` (path or unknown key). */
export function expectRejectsNaming(schema: z.ZodType, data: unknown, field: string): void {
  const result = schema.safeParse(data);
  expect(result.success, `expected a failure naming "${field}"`).toBe(false);
  if (result.success) return;
  const named = result.error.issues.some(
    (issue) => issue.path.map(String).includes(field) || (issue.code === 'unrecognized_keys' && issue.keys.includes(field)),
  );
  expect(named, z.prettifyError(result.error)).toBe(true);
  expect(z.prettifyError(result.error)).toContain(field);
}
