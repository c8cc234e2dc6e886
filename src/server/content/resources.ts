/** Resources page content (content/resources/, docs/product.md "Resources (/resources)"): the library and the customer-examples matrix. */
import { getCollection } from 'astro:content';
import type { CustomerExampleRowData, ResourceData, SalesResourceFilter } from '~/schemas/resources';
import { cached } from './cache';

/** A built-in resource (the Resource record of docs/product.md "Records and their fields"). */
export interface LibraryResource extends ResourceData {
  id: string;
}

/** One row of the customer-examples matrix (a buyer segment and its example sites). */
export interface CustomerExampleRow extends CustomerExampleRowData {
  id: string;
}

/** Every built-in resource, newest first. */
export const getResources = (): Promise<LibraryResource[]> =>
  cached('resources', async () =>
    (await getCollection('resources'))
      .map((entry) => ({ id: entry.id, ...entry.data }))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.title.localeCompare(b.title)),
  );

/** Resources shown on the Live Customer Examples tab. */
export async function getCustomerExampleResources(): Promise<LibraryResource[]> {
  return (await getResources()).filter((resource) => resource.category === 'customer-examples');
}

/** Reads the Sales Resources filter from a URL value; anything unknown means 'all'. */
export function parseSalesResourceFilter(value: string | null | undefined): SalesResourceFilter {
  return value === 'pdf-collateral' || value === 'industry-links' ? value : 'all';
}

/**
 * Resources shown on the Sales Resources tab under a filter value (pdf-collateral,
 * industry-links, all). A resource matches by its `salesCategory`, or by a category of the same name.
 */
export async function getSalesResources(filter: SalesResourceFilter = 'all'): Promise<LibraryResource[]> {
  const sales = (await getResources()).filter((resource) => resource.category !== 'customer-examples');
  if (filter === 'all') return sales;
  return sales.filter((resource) => resource.salesCategory === filter || resource.category === filter);
}

/** The customer-examples matrix: the buyer-segment rows in order, each with its example sites. */
export const getCustomerExampleMatrix = (): Promise<CustomerExampleRow[]> =>
  cached('customerExampleMatrix', async () =>
    [...(await getCollection('resourceCustomerExamples'))]
      .sort((a, b) => a.data.order - b.data.order)
      .map((entry) => ({ id: entry.id, ...entry.data })),
  );
