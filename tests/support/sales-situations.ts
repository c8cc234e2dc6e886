// Test helper: the real sales situations read straight from content/sales-situations/*.yaml (no Astro
// content layer needed), in display order (file name order), validated with the collection's schema.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { salesSituationListSchema, type SalesSituation } from '~/schemas/coach';

const SITUATIONS_DIR = resolve(process.cwd(), 'content/sales-situations');

/** The YAML file names in display order. */
export function situationFiles(): string[] {
  return readdirSync(SITUATIONS_DIR)
    .filter((name) => name.endsWith('.yaml'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** Raw parsed YAML of each file, in display order. */
function rawSituations(): unknown[] {
  return situationFiles().map((name) => parse(readFileSync(resolve(SITUATIONS_DIR, name), 'utf8')) as unknown);
}

/** The situations as the site gets them (schema-validated, display order). */
export function loadSituations(): SalesSituation[] {
  return salesSituationListSchema.parse(rawSituations());
}
