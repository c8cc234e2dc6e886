/** Product page content (content/product/, docs/product.md "Product (/product)"): the core features and the integration groups. */
import { getCollection } from 'astro:content';
import type { Review } from '~/schemas/common';
import type { FeaturePosition, IntegrationGroupId, ProductFeatureData, ProductIntegrationGroupData } from '~/schemas/product';
import { cached } from './cache';

/** A core feature ready to render: its content plus the 'Why it matters' / 'How we help' of its position. */
export interface ProductFeature extends ProductFeatureData {
  id: string;
  /** 'first', 'second' or 'other', from the feature's place in the list. */
  position: FeaturePosition;
  whyItMatters: string;
  howWeHelp: string;
  /** Owner and review dates of those narrative texts (content/product/feature-narratives.yaml). */
  narrativeReview: Review;
}

/** An integration group with its integrations, in display order. */
export interface ProductIntegrationGroup extends Omit<ProductIntegrationGroupData, 'group'> {
  id: IntegrationGroupId;
}

/** The 'Why it matters' / 'How we help' texts are chosen by position: first, second, other (docs/product.md "Product (/product)"). */
export function featurePosition(index: number): FeaturePosition {
  if (index === 0) return 'first';
  if (index === 1) return 'second';
  return 'other';
}

const byDataOrder = (a: { data: { order: number } }, b: { data: { order: number } }) => a.data.order - b.data.order;

/** The six core features in display order, each with the narrative texts of its position. */
export const getProductFeatures = (): Promise<ProductFeature[]> =>
  cached('productFeatures', async () => {
    const [features, narratives] = await Promise.all([getCollection('productFeatures'), getCollection('productFeatureNarratives')]);
    const narrativeFor = (position: FeaturePosition) => {
      const entry = narratives.find((candidate) => candidate.id === position);
      if (!entry) throw new Error(`content/product/feature-narratives.yaml: missing the "${position}" texts.`);
      return entry.data;
    };
    return [...features].sort(byDataOrder).map((entry, index) => {
      const position = featurePosition(index);
      const { whyItMatters, howWeHelp, review } = narrativeFor(position);
      return { id: entry.id, ...entry.data, position, whyItMatters, howWeHelp, narrativeReview: review };
    });
  });

/** The integration groups in display order (CRM systems, property management, CRE marketplaces, …). */
export const getIntegrationGroups = (): Promise<ProductIntegrationGroup[]> =>
  cached('integrationGroups', async () =>
    [...(await getCollection('productIntegrationGroups'))].sort(byDataOrder).map(({ data: { group, ...rest } }) => ({ id: group, ...rest })),
  );
