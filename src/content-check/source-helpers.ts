// How a content source names its files, its entries and their pages: the small helpers the source lists
// (./sources.ts, ./sales-kit-sources.ts) are written with.
import type { EntryData, SourceFiles } from './sources';

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
