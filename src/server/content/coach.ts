/** The Sales Situations Coach's situations (content/sales-situations/, docs/product.md "Sales Situations Coach (/sales-situations)"). */
import { getCollection } from 'astro:content';
import type { SalesSituation } from '~/schemas/coach';
import { cached } from './cache';

/**
 * The eight situations in content order: the files content/sales-situations/NN-<id>.yaml sorted by NN
 * (the entry id is the file name; getCollection's own order is not guaranteed). That order also breaks
 * keyword ties. Plain data: the /sales-situations page passes it to the SalesCoach island as props.
 */
export const getSalesSituations = (): Promise<SalesSituation[]> =>
  cached('salesSituations', async () =>
    (await getCollection('salesSituations')).toSorted((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true })).map((entry) => entry.data),
  );
