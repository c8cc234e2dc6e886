/**
 * The content query module: the only caller of getCollection / getEntry / render (like withastro/docs).
 * Pages, API routes and services ask here for typed, ready-to-use data; each function computes once
 * per process where the data cannot change at run time.
 *
 * One region per concept. Edit only your own region.
 */
import { getCollection, getEntry, render } from 'astro:content';

// #region company + industry

// #endregion company + industry

// #region buyers: segments, personas, ICP

// #endregion buyers

// #region product + resources

// #endregion product + resources

// #region learning: modules, lessons, quizzes, external tools

// #endregion learning

// #region coach: sales situations
import type { SalesSituation } from '../schemas/coach';

/**
 * The eight situations of the Sales Situations Coach in content order: the files
 * content/sales-situations/NN-<id>.yaml sorted by NN (the entry id is the file name; getCollection's own
 * order is not guaranteed). That order also breaks keyword ties. Plain data: the /sales-situations page
 * passes it to the SalesCoach island as props (not confidential).
 */
export async function getSalesSituations(): Promise<SalesSituation[]> {
  const entries = await getCollection('salesSituations');
  return entries
    .toSorted((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
    .map((entry) => entry.data);
}

// #endregion coach
