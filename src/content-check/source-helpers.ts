// What a content source is (where its files are, its schema, how to name and link one entry) and the small
// helpers the source lists (./sources.ts, ./sales-kit-sources.ts) are written with.
import type { z } from 'astro/zod';

/** Raw or parsed entry data: read field by field. */
export type EntryData = Record<string, unknown>;

/** Where a collection's entries come from (the loader of src/collections/). */
export type SourceFiles =
  /** One entry per file under `dir`; MDX files have YAML frontmatter and a body. The id is the authored `id` or the file name. */
  | { kind: 'glob'; dir: string; format: 'yaml' | 'mdx'; recursive: boolean; idFrom: 'data' | 'file' }
  /** One YAML file holding every entry: a list of objects with `id`, or a mapping keyed by id. */
  | { kind: 'file'; file: string }
  /** Every YAML file of a folder, each a list of entries with an `id` unique across the files (the facts). */
  | { kind: 'lists'; dir: string };

export interface ContentSource {
  /** The collection name of src/content.config.ts. */
  collection: string;
  /** What one entry is called in messages, e.g. "quiz". */
  noun: string;
  files: SourceFiles;
  schema: z.ZodType;
  /** The entry's name as people know it (a title, a name, the term). */
  titleOf: (data: EntryData, id: string) => string;
  /** The page (and tab) that shows the entry. */
  hrefOf: (data: EntryData, id: string) => string;
}

/** The entry's name from one of its fields, or its id. */
export const field = (name: string) => (data: EntryData, id: string) => {
  const value = data[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : id;
};
export const fixed = (value: string) => () => value;
export const glob = (dir: string, format: 'yaml' | 'mdx', idFrom: 'data' | 'file' = 'file', recursive = false): SourceFiles => ({
  kind: 'glob',
  dir,
  format,
  recursive,
  idFrom,
});
export const file = (path: string): SourceFiles => ({ kind: 'file', file: path });
export const company = (tab: string) => fixed(`/company-overview?tab=${tab}`);
export const industry = (tab: string) => fixed(`/industry-knowledge?tab=${tab}`);
/** A Sales Kit page, at the entry's own anchor. */
export const salesKit = (page: string, prefix: string) => (_: EntryData, id: string) => `/sales-kit/${page}#${prefix}-${id}`;
