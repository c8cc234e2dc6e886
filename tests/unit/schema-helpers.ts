// Shared by the content tests: a schema must reject bad data with an error that names the field.
import { expect } from 'vitest';
import { z } from 'astro/zod';

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
