// Product + resources content: the zod schemas reject bad entries naming the field, every authored file
// under content/product and content/resources is valid, and the queries of src/server/content/ return what
// docs/product.md "Product (/product)" and "Resources (/resources)" require (feature order, the position rule, integration and resource
// counts, matrix).
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { featurePosition, getIntegrationGroups, getProductFeatures } from '~/server/content/product';
import {
  getCustomerExampleMatrix,
  getCustomerExampleResources,
  getResources,
  getSalesResources,
  parseSalesResourceFilter,
} from '~/server/content/resources';
import { productFeatureNarrativeSchema, productFeatureSchema, productIntegrationGroupSchema } from '~/schemas/product';
import { customerExampleRowSchema, resourceSchema } from '~/schemas/resources';
import { CONTENT, expectRejectsNaming, readYaml, REVIEW, ROOT, yamlFiles } from './schema-helpers';

/** Parses with the schema; on failure throws naming the file and every failing field. */
function parseFile<S extends z.ZodType>(schema: S, path: string, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`${relative(ROOT, path)}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

const SPEC_FEATURES = [
  'Property Search Engine',
  'Property Websites',
  'Lead Management',
  'Document Portal',
  'Real Estate Email Marketing',
  'Flyer Design',
];
const SPEC_SEGMENTS = ['Full-Service Brokerage', 'Investment Sales', 'Leasing', 'Building Owner', 'Property Manager'];

// Valid samples, each broken one field at a time below.
const feature = {
  review: REVIEW,
  order: 1,
  title: 'Property Search Engine',
  icon: 'search',
  tagline: 'Search',
  description: 'A search.',
  capabilities: ['a', 'b', 'c', 'd'],
  businessImpact: 'More leads.',
  talkingPoint: 'Ask this.',
};
const narrative = { review: REVIEW, whyItMatters: 'Because.', howWeHelp: 'Like this.' };
const group = {
  review: REVIEW,
  group: 'crm-systems',
  order: 1,
  title: 'CRM Systems',
  icon: 'users',
  description: 'Sync.',
  integrations: [{ name: 'Salesforce', description: 'Sync.', status: 'Active' }],
};
const resource = {
  review: REVIEW,
  title: 'Brochure',
  description: 'A brochure.',
  type: 'pdf',
  link: 'https://parcelwise.example/brochure.pdf',
  createdAt: '2026-01-15',
  category: 'sales-resources',
  salesCategory: 'pdf-collateral',
};
const row = {
  review: REVIEW,
  segment: 'Leasing',
  order: 1,
  useWhen: 'Leasing teams.',
  examples: [{ name: 'Site', url: 'https://site.example', singleProperty: true, highlight: 'Look.' }],
};

describe('product and resources schemas', () => {
  it('accept the valid samples', () => {
    for (const [schema, data] of [
      [productFeatureSchema, feature],
      [productFeatureNarrativeSchema, narrative],
      [productIntegrationGroupSchema, group],
      [resourceSchema, resource],
      [customerExampleRowSchema, row],
    ] as const) {
      expect(schema.safeParse(data).success).toBe(true);
    }
  });

  it('reject a bad feature naming the field', () => {
    expectRejectsNaming(productFeatureSchema, { ...feature, titel: 'typo' }, 'titel');
    expectRejectsNaming(productFeatureSchema, { ...feature, capabilities: ['a', 'b', 'c'] }, 'capabilities');
    expectRejectsNaming(productFeatureSchema, { ...feature, icon: 'no-such-icon' }, 'icon');
    const { businessImpact: _dropped, ...withoutImpact } = feature;
    expectRejectsNaming(productFeatureSchema, withoutImpact, 'businessImpact');
  });

  it('reject a bad narrative naming the field', () => {
    expectRejectsNaming(productFeatureNarrativeSchema, { review: REVIEW, whyItMatters: 'x', howWeHelps: 'typo' }, 'howWeHelps');
    expectRejectsNaming(productFeatureNarrativeSchema, { ...narrative, whyItMatters: ' ' }, 'whyItMatters');
  });

  it('reject a bad integration group naming the field', () => {
    expectRejectsNaming(productIntegrationGroupSchema, { ...group, group: 'crm' }, 'group');
    expectRejectsNaming(
      productIntegrationGroupSchema,
      { ...group, integrations: [{ name: 'Salesforce', description: 'Sync.', status: 'Live' }] },
      'status',
    );
    expectRejectsNaming(
      productIntegrationGroupSchema,
      { ...group, integrations: [{ name: 'Salesforce', descripton: 'typo', status: 'Active' }] },
      'descripton',
    );
  });

  it('reject a bad resource naming the field', () => {
    expectRejectsNaming(resourceSchema, { ...resource, type: 'podcast' }, 'type');
    expectRejectsNaming(resourceSchema, { ...resource, category: 'sales' }, 'category');
    expectRejectsNaming(resourceSchema, { ...resource, link: 'http://insecure.example' }, 'link');
    expectRejectsNaming(resourceSchema, { ...resource, createdAt: 'yesterday' }, 'createdAt');
    expectRejectsNaming(resourceSchema, { ...resource, catgory: 'typo' }, 'catgory');
    const { salesCategory: _dropped, ...withoutSalesCategory } = resource;
    expectRejectsNaming(resourceSchema, withoutSalesCategory, 'salesCategory');
    expectRejectsNaming(resourceSchema, { ...resource, category: 'customer-examples' }, 'salesCategory');
  });

  it('reject a bad customer-examples row naming the field', () => {
    expectRejectsNaming(customerExampleRowSchema, { ...row, segment: 'Retail' }, 'segment');
    expectRejectsNaming(customerExampleRowSchema, { ...row, examples: [] }, 'examples');
    expectRejectsNaming(
      customerExampleRowSchema,
      { ...row, examples: [{ name: 'Site', url: 'https://site.example', singleProprety: true, highlight: 'Look.' }] },
      'singleProprety',
    );
  });
});

describe('authored content files', () => {
  it('are all valid against their schemas', () => {
    for (const path of yamlFiles('product/features')) parseFile(productFeatureSchema, path, readYaml(path));
    for (const path of yamlFiles('product/integrations')) parseFile(productIntegrationGroupSchema, path, readYaml(path));
    for (const path of yamlFiles('resources/library')) parseFile(resourceSchema, path, readYaml(path));
    const narrativesPath = join(CONTENT, 'product', 'feature-narratives.yaml');
    const narratives = readYaml(narrativesPath) as Record<string, unknown>;
    expect(Object.keys(narratives).sort()).toEqual(['first', 'other', 'second']);
    for (const value of Object.values(narratives)) parseFile(productFeatureNarrativeSchema, narrativesPath, value);
    const matrixPath = join(CONTENT, 'resources', 'customer-examples.yaml');
    for (const value of Object.values(readYaml(matrixPath) as Record<string, unknown>)) {
      parseFile(customerExampleRowSchema, matrixPath, value);
    }
  });
});

describe('product queries', () => {
  it('return the six core features in spec order, each with 4+ capabilities and a business impact', async () => {
    const features = await getProductFeatures();
    expect(features.map((f) => f.title)).toEqual(SPEC_FEATURES);
    for (const f of features) {
      expect(f.capabilities.length).toBeGreaterThanOrEqual(4);
      expect(f.businessImpact.length).toBeGreaterThan(40);
      expect(f.description.length).toBeGreaterThan(40);
    }
  });

  it("choose 'Why it matters' / 'How we help' by position: first, second, other", async () => {
    expect([0, 1, 2, 3, 5, 42].map(featurePosition)).toEqual(['first', 'second', 'other', 'other', 'other', 'other']);
    const texts = readYaml(join(CONTENT, 'product', 'feature-narratives.yaml')) as Record<
      'first' | 'second' | 'other',
      { whyItMatters: string; howWeHelp: string }
    >;
    // The three variants must differ, or the rule could not be observed.
    expect(new Set(Object.values(texts).map((t) => t.whyItMatters)).size).toBe(3);
    const features = await getProductFeatures();
    features.forEach((f, index) => {
      const expected = index === 0 ? texts.first : index === 1 ? texts.second : texts.other;
      expect(f.position).toBe(featurePosition(index));
      expect(f.whyItMatters).toBe(expected.whyItMatters);
      expect(f.howWeHelp).toBe(expected.howWeHelp);
    });
  });

  it('group the integrations as documented, all Active', async () => {
    const groups = await getIntegrationGroups();
    expect(groups.map((g) => g.id)).toEqual(['crm-systems', 'property-management', 'cre-marketplaces', 'marketing-tools', 'visual-tools']);
    const counts = Object.fromEntries(groups.map((g) => [g.id, g.integrations.length]));
    expect(counts).toEqual({
      'cre-marketplaces': 12,
      'crm-systems': 3,
      'property-management': 1,
      'visual-tools': 2,
      'marketing-tools': 2,
    });
    const all = groups.flatMap((g) => g.integrations);
    expect(all.every((i) => i.status === 'Active')).toBe(true);
    expect(new Set(all.map((i) => i.name)).size).toBe(all.length);
  });
});

describe('resources queries', () => {
  it('return six resources, three each in customer-examples and sales-resources', async () => {
    const resources = await getResources();
    expect(resources).toHaveLength(6);
    expect(resources.filter((r) => r.category === 'customer-examples')).toHaveLength(3);
    expect(resources.filter((r) => r.category === 'sales-resources')).toHaveLength(3);
    expect(new Set(resources.map((r) => r.id)).size).toBe(6);
    for (const r of resources) {
      expect(r.createdAt).toBeInstanceOf(Date);
      expect(Number.isNaN(r.createdAt.getTime())).toBe(false);
    }
    // Newest first.
    const times = resources.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await getCustomerExampleResources()).toHaveLength(3);
  });

  it('filter sales resources by category value: all, pdf-collateral, industry-links', async () => {
    const all = await getSalesResources('all');
    const pdf = await getSalesResources('pdf-collateral');
    const links = await getSalesResources('industry-links');
    expect(all).toHaveLength(3);
    expect(pdf.length).toBeGreaterThan(0);
    expect(links.length).toBeGreaterThan(0);
    expect(pdf.every((r) => r.salesCategory === 'pdf-collateral')).toBe(true);
    expect(links.every((r) => r.salesCategory === 'industry-links')).toBe(true);
    expect([...pdf, ...links].map((r) => r.id).sort()).toEqual(all.map((r) => r.id).sort());
    expect(parseSalesResourceFilter('pdf-collateral')).toBe('pdf-collateral');
    expect(parseSalesResourceFilter('industry-links')).toBe('industry-links');
    expect(parseSalesResourceFilter('customer-examples')).toBe('all');
    expect(parseSalesResourceFilter(null)).toBe('all');
  });

  it('give a customer-examples matrix whose rows are the five buyer segments, on fictional sites', async () => {
    const rows = await getCustomerExampleMatrix();
    expect(rows.map((r) => r.segment)).toEqual(SPEC_SEGMENTS);
    const sites = rows.flatMap((r) => r.examples);
    expect(rows.every((r) => r.examples.length > 0)).toBe(true);
    expect(sites.some((s) => s.singleProperty)).toBe(true);
    expect(sites.some((s) => !s.singleProperty)).toBe(true);
    // docs/decisions.md: customer example sites are fictional (reserved .example domains).
    for (const site of sites) expect(new URL(site.url).hostname).toMatch(/\.example$/);
  });
});
