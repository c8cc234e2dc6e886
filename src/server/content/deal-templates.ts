/** The Sales Kit's deal templates (content/sales-kit/deal-templates.yaml), in file order. */
import { getCollection } from 'astro:content';
import type { DealTemplate } from '~/schemas/deal-templates';
import { cached } from './cache';

export const getDealTemplates = (): Promise<DealTemplate[]> =>
  cached('dealTemplates', async () => (await getCollection('dealTemplates')).map(({ data }) => data));

/** One template by id, or undefined. */
export const getDealTemplate = async (id: string): Promise<DealTemplate | undefined> =>
  (await getDealTemplates()).find((template) => template.id === id);
