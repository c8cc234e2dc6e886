/**
 * The Sales Kit's pricing and packaging (content/sales-kit/pricing-*.yaml): the packages in their order,
 * the six core features in Product-page order (the columns of the comparison), and the pricing policy with
 * its approvers' ids resolved to names and titles.
 */
import { getCollection, getEntry } from 'astro:content';
import type { PricingPackageEntry, PricingPolicy } from '~/schemas/pricing';
import { byOrder, cached, requireEntry } from './cache';
import { getTeam } from './company';
import { getProductFeatures } from './product';

export type PricingPackage = PricingPackageEntry;

interface DiscountRule extends Omit<PricingPolicy['discountRules'][number], 'approverIds'> {
  /** "Sofia Ramirez (Vice President of Sales)", in order; empty when the account executive decides. */
  approvers: string[];
}

export interface Pricing {
  packages: PricingPackage[];
  /** The six core features in the Product page's order. */
  features: string[];
  policy: Omit<PricingPolicy, 'discountRules'> & { discountRules: DiscountRule[] };
}

export const getPricing = (): Promise<Pricing> =>
  cached('pricing', async () => {
    const [packages, features, entry, team] = await Promise.all([
      getCollection('pricingPackages'),
      getProductFeatures(),
      getEntry('pricingPolicy', 'policy'),
      getTeam(),
    ]);
    const policy = requireEntry(entry, 'content/sales-kit/pricing-policy.yaml', 'policy');
    const approver = (id: string) => {
      const member = team.find((candidate) => candidate.id === id);
      return member ? `${member.name} (${member.title})` : id;
    };
    return {
      packages: packages.map(({ data }) => data).sort(byOrder),
      features: features.map((feature) => feature.title),
      policy: {
        ...policy,
        discountRules: policy.discountRules.map(({ approverIds, ...rule }) => ({ ...rule, approvers: approverIds.map(approver) })),
      },
    };
  });
