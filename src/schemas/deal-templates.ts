/**
 * Content schema of the Sales Kit's deal templates (content/sales-kit/deal-templates.yaml →
 * `dealTemplateSchema`): the mutual action plan and the business case (lesson 704). Each holds the
 * guidance for every section and a filled example for a fictional prospect, which the page
 * /sales-kit/deal-templates shows and its download route serves as a Markdown file, behind the session
 * check like every page. Figures in an example are the prospect's own estimates, labelled as such; prices
 * are never written (they come from the proposal).
 */
import { z } from 'astro/zod';
import { review, text, textList } from './common';
import { factCitations } from './facts';

const rowSchema = z
  .strictObject({
    cells: z.array(text('One cell.')).min(2).max(6).describe('The cells of the row, in the order of `columns`.'),
  })
  .describe('One row of the example table.');

const sectionSchema = z
  .strictObject({
    heading: text('Section heading, e.g. "Today\'s cost".'),
    guidance: text('How to fill the section in, for the rep.'),
    example: text('The section filled in for the fictional prospect of the example.').optional(),
    columns: z
      .array(text('A column heading.'))
      .min(2)
      .max(6)
      .optional()
      .describe('Column headings of the example table, if the section is a table.'),
    rows: z.array(rowSchema).min(1).optional().describe('The example table, one row per step or item; needs `columns`.'),
  })
  .superRefine((section, ctx) => {
    if ((section.columns === undefined) !== (section.rows === undefined))
      ctx.addIssue({ code: 'custom', path: ['rows'], message: 'a table needs both `columns` and `rows`' });
    section.rows?.forEach((row, index) => {
      if (section.columns && row.cells.length !== section.columns.length)
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index, 'cells'],
          message: `has ${row.cells.length} cells, but the table has ${section.columns.length} columns`,
        });
    });
    if (section.example === undefined && section.rows === undefined)
      ctx.addIssue({ code: 'custom', path: ['example'], message: 'a section needs an `example` text or an example table' });
  })
  .describe('One section of the template: guidance, and the filled example as text or a table.');

export const dealTemplateSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug like mutual-action-plan')
      .describe('Stable id, a slug: the page anchor #template-{id} and the file {id}.md.'),
    title: text('Name of the template, e.g. "Mutual action plan".'),
    purpose: text('What the document is for and who keeps it.'),
    whenToUse: text('The moment in the deal to start it.'),
    example: text('Who the filled example is for: a fictional prospect, with the persona it follows.'),
    sections: z.array(sectionSchema).min(2).max(8).describe('The sections in order.'),
    rules: textList('Rules that keep the document honest.'),
  })
  .describe('One downloadable deal template of the Sales Kit, with a filled example.');
export type DealTemplate = z.infer<typeof dealTemplateSchema>;
