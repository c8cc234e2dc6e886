/**
 * The product facts (content/facts/<area>.yaml): every claim reps may repeat, with its owner, status and
 * wording, ordered by id. Content health reads them with every other collection (./freshness.ts) to
 * reopen the entries that cite a fact reviewed after them.
 */
import { getCollection } from 'astro:content';
import type { FactEntry } from '~/schemas/facts';
import { cached } from './cache';

/** A fact and the file that holds it (from the project root). */
export type ProductFact = FactEntry & { file: string };

export const getFacts = (): Promise<ProductFact[]> =>
  cached('facts', async () =>
    (await getCollection('facts')).map(({ data, filePath }) => ({ ...data, file: filePath ?? '' })).sort((a, b) => a.id.localeCompare(b.id)),
  );
