/** The home dashboard's External Tools (content/external-tools.yaml, docs/product.md "Home dashboard (/)"). */
import { getCollection } from 'astro:content';
import type { ExternalTool as ExternalToolData } from '~/schemas/external-tools';
import { cached } from './cache';

export type ExternalTool = Omit<ExternalToolData, 'order' | 'review'>;

/** The external tools in their authored order. */
export const getExternalTools = (): Promise<ExternalTool[]> =>
  cached('externalTools', async () =>
    (await getCollection('externalTools'))
      .map(({ data }) => data)
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
      .map(({ id, name, description, url }) => ({ id, name, description, url })),
  );
