/**
 * Content schemas of the Company Overview page (docs/product.md "Company Overview (/company-overview)"; team members
 * and history entries as in its "Records and their fields"). All files live in `content/company/`:
 *
 * - `company`: `company.yaml`, one entry keyed `parcelwise` — name, summary line, elevator pitch, mission,
 *   the headline facts (founded, team size, languages) and the team tab's 'Did you know?' banner.
 * - `companyValueProps`: `value-propositions.yaml`, ACCELERATE, ELEVATE, TARGET, INTEGRATE in `order`.
 * - `companyDifferentiators`: `differentiators.yaml`, one entry keyed `parcelwise` — what sets us apart and
 *   the comparison table against other kinds of solution.
 * - `companyCoreValues`: `core-values.yaml`, the four core values in `order`.
 * - `companyTeam`: `team.yaml`, one entry per team member, shown in `order`.
 * - `companyHistory`: `history.yaml`, the 'Our Journey' timeline, shown by year.
 *
 * The facts are stated once (`company.facts`); tests/unit/content-company.test.ts checks that the team
 * list and the languages the members speak agree with them. Every object is a `z.strictObject`, so a
 * misspelt or missing field fails the build, naming the file and the field.
 */
import { z } from 'astro/zod';
import { iconName, review, text } from './common';
import { factCitations } from './facts';

const id = (description: string) =>
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case kebab-case, e.g. "maya-chen".')
    .describe(description);
const icon = iconName('target');

/** The four value propositions, in this order (docs/product.md "Company Overview (/company-overview)"). */
export const VALUE_PROPOSITION_NAMES = ['ACCELERATE', 'ELEVATE', 'TARGET', 'INTEGRATE'] as const;
/** The four core values, in this order (docs/product.md "Company Overview (/company-overview)"). */
export const CORE_VALUE_NAMES = ['Built on Transparency', 'Set the Bar Higher', 'Driven by Impact', 'Prioritize Well-Being'] as const;

export const companySchema = z
  .strictObject({
    review: review(),
    name: text('Company name shown as the page heading, e.g. "Parcelwise".'),
    domain: z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'A bare domain such as "parcelwise.example".')
      .describe('The company web domain, without scheme.'),
    summary: text('The one-line summary under the company name.'),
    elevatorPitch: text('The elevator pitch shown in the banner under the header (two to four sentences).'),
    mission: text('The mission statement.'),
    vision: text('Where we are heading: the vision statement.'),
    facts: z
      .strictObject({
        founded: z.number().int().min(1900).max(2100).describe('Year the company was founded (2015).'),
        teamSize: z.number().int().positive().describe('Number of team members (17). Must equal the entries of team.yaml.'),
        languagesSpoken: z
          .number()
          .int()
          .positive()
          .describe('Number of languages the team speaks (10). Must equal the distinct languages in team.yaml.'),
      })
      .describe('The headline company facts, stated once here and nowhere in code.'),
    languagesBanner: z
      .strictObject({
        title: text('Banner title; the spec text is "Did you know?".'),
        text: text('Banner text; must mention "{languagesSpoken} languages".'),
      })
      .describe("The team tab's 'Did you know?' banner."),
  })
  .describe('The company profile (entry id: parcelwise).');

export const valuePropositionSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: id('Stable id, the lower-case name, e.g. "accelerate".'),
    order: z.number().int().min(1).describe('Position on the Value Propositions tab, 1 = first.'),
    name: z.enum(VALUE_PROPOSITION_NAMES).describe('The value proposition name, upper case as in the spec.'),
    icon,
    promise: text('The promise to the customer, one sentence.'),
    description: text('What it means for a CRE marketing team, two or three sentences.'),
    proofPoints: z.array(text('One concrete proof point.')).min(3).describe('At least three proof points a rep can say out loud.'),
  })
  .describe('One value proposition (ACCELERATE, ELEVATE, TARGET, INTEGRATE).');

const COMPARISON_RATINGS = ['yes', 'partial', 'no'] as const;

export const differentiatorsSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    intro: text('The introduction of the Differentiators tab.'),
    points: z
      .array(
        z.strictObject({
          title: text('The differentiator, a short phrase.'),
          description: text('Why it matters to a CRE team, two or three sentences.'),
          icon,
        }),
      )
      .min(3)
      .describe('What sets Parcelwise apart, at least three points.'),
    comparison: z
      .strictObject({
        caption: text('Caption of the comparison table.'),
        columns: z
          .array(
            z.strictObject({
              id: id('Column id, used as the key of each row\'s ratings, e.g. "parcelwise".'),
              label: text('Column heading, e.g. "Generic marketing automation".'),
              description: text('What this kind of solution is, one sentence.'),
            }),
          )
          .min(2)
          .describe('The solutions compared; the first is Parcelwise.'),
        rows: z
          .array(
            z.strictObject({
              criterion: text('What is compared, e.g. "Branded property websites".'),
              detail: text('Why the criterion matters, one sentence.'),
              ratings: z.record(z.string(), z.enum(COMPARISON_RATINGS)).describe('Rating per column id: yes, partial or no.'),
            }),
          )
          .min(3)
          .describe('The comparison criteria.'),
        legend: text('How to read the ratings; the honest caveat for reps.'),
      })
      .superRefine((table, ctx) => {
        const ids = table.columns.map((column) => column.id);
        table.rows.forEach((row, index) => {
          const keys = Object.keys(row.ratings);
          const missing = ids.filter((columnId) => !keys.includes(columnId));
          const unknown = keys.filter((key) => !ids.includes(key));
          if (missing.length > 0 || unknown.length > 0) {
            ctx.addIssue({
              code: 'custom',
              path: ['rows', index, 'ratings'],
              message: `Ratings must name every column exactly (missing: ${missing.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'}).`,
            });
          }
        });
      })
      .describe('Parcelwise compared with other kinds of solution.'),
  })
  .describe('The Differentiators tab (entry id: parcelwise).');

export const coreValueSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: id('Stable id, e.g. "built-on-transparency".'),
    order: z.number().int().min(1).describe('Position on the Core Values tab, 1 = first.'),
    name: z.enum(CORE_VALUE_NAMES).describe('The core value, exactly as in the spec.'),
    icon,
    description: text('What the value means at Parcelwise, two or three sentences.'),
    behaviours: z.array(text('One observable behaviour.')).min(3).describe('At least three behaviours that show the value in practice.'),
  })
  .describe('One core value.');

export const teamMemberSchema = z
  .strictObject({
    review: review(),
    id: id('Stable id, the kebab-case name, e.g. "maya-chen".'),
    order: z.number().int().min(1).describe('Position on the team tab, 1 = first (collections do not keep file order).'),
    name: text('Full name.'),
    title: text('Job title.'),
    bio: text('Short biography, two or three sentences.'),
    avatar: z
      .string()
      .startsWith('/', 'An absolute site path such as "/avatars/maya-chen.webp".')
      .optional()
      .describe('Path of the avatar picture under public/; without one the card shows the initials.'),
    languages: z.array(text('A language, e.g. "Spanish".')).min(1).describe('Languages this person speaks at work.'),
  })
  .describe('One static team member (name, title, bio, avatar path).');

export const historyEntrySchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: id('Stable id, e.g. "2015-founded".'),
    year: z.number().int().min(1900).max(2100).describe('The year of the milestone.'),
    title: text('The milestone, a short phrase.'),
    description: text('What happened and why it mattered, one to three sentences.'),
  })
  .describe("One 'Our Journey' history entry (year, title, description).");

export type Company = z.infer<typeof companySchema>;
export type ValueProposition = z.infer<typeof valuePropositionSchema>;
export type Differentiators = z.infer<typeof differentiatorsSchema>;
export type ComparisonRating = (typeof COMPARISON_RATINGS)[number];
export type CoreValue = z.infer<typeof coreValueSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
