// Search places of the selling tools: every play of the Sales Situations Coach, the product's features
// and integrations, and the resources library with the live customer examples.
import { integrationAnchor } from '~/shared/anchors';
import { RESOURCE_CATEGORY_LABELS, RESOURCE_TYPE_LABELS } from '~/schemas/resources';
import { getSalesSituations } from '../coach';
import { getIntegrationGroups, getProductFeatures } from '../product';
import { getCustomerExampleMatrix, getResources } from '../resources';
import { lines, type SearchPlace } from './place';

/**
 * One place per play, linking to the coach with that situation and play chosen. The situation's name
 * is an exact name of its first play, its keywords (what reps type into the coach: "budget", "too expensive")
 * are searched like titles there.
 */
export async function situationPlaces(): Promise<SearchPlace[]> {
  return (await getSalesSituations()).flatMap((situation) =>
    situation.plays.map((play, index): SearchPlace => {
      const number = index + 1;
      return {
        group: 'situations',
        item: situation.id,
        title: situation.name,
        context: situation.plays.length > 1 ? `Sales situation · Play ${number} of ${situation.plays.length}` : 'Sales situation',
        ...(index === 0 ? { names: [situation.name], keywords: situation.keywords } : {}),
        text: lines(play.play, play.followUp, play.tip),
        href: `/sales-situations?situation=${encodeURIComponent(situation.id)}&play=${number}#coach-result`,
      };
    }),
  );
}

export async function productPlaces(): Promise<SearchPlace[]> {
  const [features, groups] = await Promise.all([getProductFeatures(), getIntegrationGroups()]);
  return [
    ...features.map((feature) => ({
      group: 'product' as const,
      item: `feature:${feature.id}`,
      title: feature.title,
      context: 'Feature',
      names: [feature.title],
      text: lines(feature.tagline, feature.description, feature.capabilities, feature.businessImpact, feature.talkingPoint),
      href: `/product?tab=features#feature-${feature.id}`,
    })),
    ...groups.flatMap((group) =>
      group.integrations.map((integration) => ({
        group: 'product' as const,
        item: integrationAnchor(integration.name),
        title: integration.name,
        context: `Integration · ${group.title} · ${integration.status}`,
        names: [integration.name],
        text: lines(integration.description, group.description),
        href: `/product?tab=integrations#${integrationAnchor(integration.name)}`,
      })),
    ),
  ];
}

export async function resourcePlaces(): Promise<SearchPlace[]> {
  const [resources, matrix] = await Promise.all([getResources(), getCustomerExampleMatrix()]);
  return [
    ...resources.map((resource) => ({
      group: 'resources' as const,
      item: resource.id,
      title: resource.title,
      context: `${RESOURCE_TYPE_LABELS[resource.type]} · ${RESOURCE_CATEGORY_LABELS[resource.salesCategory ?? resource.category]}`,
      names: [resource.title],
      text: resource.description,
      href: `/resources?tab=${resource.category === 'customer-examples' ? 'customer-examples' : 'sales-resources'}#resource-${resource.id}`,
    })),
    ...matrix.map((row) => ({
      group: 'resources' as const,
      item: `examples:${row.id}`,
      title: `Live customer examples: ${row.segment}`,
      context: 'Live customer examples',
      names: row.examples.map((site) => site.name),
      text: lines(
        row.useWhen,
        row.examples.map((site) => `${site.name}: ${site.highlight}`),
      ),
      href: '/resources?tab=customer-examples#matrix-heading',
    })),
  ];
}
