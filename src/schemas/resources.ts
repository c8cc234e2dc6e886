/**
 * Content schemas of the Resources page (docs/product.md "Resources (/resources)"; the Resource record in docs/product.md
 * "Records and their fields").
 *
 * - `resources`: one YAML file per built-in resource in `content/resources/library/`; the file name is
 *   the resource id. Six entries, three in customer-examples and three in sales-resources.
 * - `resourceCustomerExamples`: `content/resources/customer-examples.yaml`, the Live Customer Examples
 *   matrix: one row per buyer segment with its live example sites (some tagged Single Property).
 *
 * A resource either links somewhere that opens (an https address, or a page of the hub starting with /,
 * checked at build) or is `internal`: not published at any address, with a line on how staff get it.
 *
 * The Sales Resources tab filters by category value (pdf-collateral, industry-links, all). A
 * sales resource says which of those it belongs to in `salesCategory`; a resource whose `category` is
 * itself pdf-collateral or industry-links matches that filter too.
 *
 * Every object is a `z.strictObject`, so a misspelt or missing field fails the build naming file and field.
 */
import { z } from 'astro/zod';
import { review, text } from './common';
import { factCitations } from './facts';

const httpsUrl = (description: string) => z.url({ protocol: /^https$/, error: 'must be an https:// address' }).describe(description);

/** Resource.type (docs/product.md "Records and their fields"). */
const RESOURCE_TYPES = ['article', 'video', 'template', 'guide', 'case-study', 'pdf', 'sales-tool'] as const;
/** Resource.category (docs/product.md "Records and their fields"). */
const RESOURCE_CATEGORIES = ['customer-examples', 'pdf-collateral', 'sales-resources', 'industry-links'] as const;
/** The category values of the Sales Resources filter, `all` first (the default; docs/product.md "Resources (/resources)"). */
export const SALES_RESOURCE_FILTERS = ['all', 'pdf-collateral', 'industry-links'] as const;

const resourceTypeSchema = z
  .enum(RESOURCE_TYPES)
  .describe('Kind of resource, decides the card icon: article, video, template, guide, case-study, pdf or sales-tool.');
const resourceCategorySchema = z
  .enum(RESOURCE_CATEGORIES)
  .describe(
    'Library section: customer-examples (Live Customer Examples tab), sales-resources, pdf-collateral or industry-links (Sales Resources tab).',
  );

export const resourceSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    title: text('Card title.'),
    description: text('One or two sentences: what the resource is and when a rep uses it.'),
    type: resourceTypeSchema,
    link: z
      .union([
        z.url({ protocol: /^https$/, error: 'must be an https:// address or a page of the hub starting with /' }),
        z.string().regex(/^\/[^/\s]/, 'must be an https:// address or a page of the hub starting with /'),
      ])
      .optional()
      .describe(
        'Where "View Resource" goes: an https:// address that opens (opens in a new window), or a page of the hub starting with / (e.g. /sales-kit/case-studies#case-harborline-commercial). Leave it out for an internal resource.',
      ),
    internal: text(
      'Instead of link, for a resource not published at any address: where staff get it and from whom, e.g. "Ask Chloe Martin (Marketing) for the current PDF."',
    )
      .optional()
      .describe('For an internal resource (no link): where staff get it and from whom. Write either link or internal, not both.'),
    createdAt: z.coerce
      .date({ error: 'must be a date like 2026-03-14' })
      .describe('Date the resource was added (YYYY-MM-DD); shown as "Added on {date}".'),
    category: resourceCategorySchema,
    salesCategory: z
      .enum(['pdf-collateral', 'industry-links'])
      .optional()
      .describe(
        'Required for category sales-resources: the Sales Resources filter it appears under (pdf-collateral or industry-links). Not allowed otherwise.',
      ),
  })
  .superRefine((resource, context) => {
    if ((resource.link === undefined) === (resource.internal === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['link'],
        message: 'write either link (an address or a page of the hub) or internal (how staff get it), not both and not neither',
      });
    }
    if (resource.category === 'sales-resources' && !resource.salesCategory) {
      context.addIssue({ code: 'custom', path: ['salesCategory'], message: 'salesCategory is required when category is sales-resources' });
    }
    if (resource.category !== 'sales-resources' && resource.salesCategory) {
      context.addIssue({
        code: 'custom',
        path: ['salesCategory'],
        message: 'salesCategory is only allowed when category is sales-resources',
      });
    }
  })
  .describe('A built-in resource of the library.');

/** The rows of the customer-examples matrix, in this order (docs/product.md "Resources (/resources)"). */
const CUSTOMER_EXAMPLE_SEGMENTS = ['Full-Service Brokerage', 'Investment Sales', 'Leasing', 'Building Owner', 'Property Manager'] as const;

const customerExampleSiteSchema = z
  .strictObject({
    name: text('Name of the (fictional) customer site, e.g. "Harborline Commercial".'),
    url: httpsUrl('Address of the live example site (fictional, on a `.example` domain).'),
    singleProperty: z.boolean().default(false).describe('true when the site markets one property (shown with a "Single Property" tag).'),
    highlight: text('What to point out to a prospect on this site, in one line.'),
  })
  .describe('One live example site in the customer-examples matrix.');

export const customerExampleRowSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    segment: z.enum(CUSTOMER_EXAMPLE_SEGMENTS).describe('Buyer segment of this matrix row.'),
    order: z.number().int().min(1).describe('Row position in the matrix, 1 = first.'),
    useWhen: text('When a rep should reach for this row: the kind of prospect it fits.'),
    examples: z.array(customerExampleSiteSchema).min(1).max(4).describe('Example sites for this segment, 1 to 4.'),
  })
  .describe('One row (buyer segment) of the customer-examples matrix.');

/** Display labels of the enum values (cards, filter). */
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  article: 'Article',
  video: 'Video',
  template: 'Template',
  guide: 'Guide',
  'case-study': 'Case Study',
  pdf: 'PDF',
  'sales-tool': 'Sales Tool',
};
export const RESOURCE_CATEGORY_LABELS: Record<ResourceCategory, string> = {
  'customer-examples': 'Customer Examples',
  'pdf-collateral': 'PDF Collateral',
  'sales-resources': 'Sales Resources',
  'industry-links': 'Industry Links',
};
export const SALES_RESOURCE_FILTER_LABELS: Record<SalesResourceFilter, string> = {
  all: 'All',
  'pdf-collateral': 'PDF Collateral',
  'industry-links': 'Industry Links',
};

export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];
export type SalesResourceFilter = (typeof SALES_RESOURCE_FILTERS)[number];
export type ResourceData = z.infer<typeof resourceSchema>;
export type CustomerExampleRowData = z.infer<typeof customerExampleRowSchema>;
