/** The Sales Kit's IT and security fact sheet (content/sales-kit/it-security.yaml), its sections in their order. */
import { getCollection } from 'astro:content';
import type { ItSection } from '~/schemas/it-security';
import { byOrder, cached } from './cache';

export const getItSecurity = (): Promise<ItSection[]> =>
  cached('itSecurity', async () => (await getCollection('itSecurity')).map(({ data }) => data).sort(byOrder));
