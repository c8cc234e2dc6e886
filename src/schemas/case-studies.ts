/**
 * Content schema of the Sales Kit's case studies (content/sales-kit/case-studies/<customer>.yaml, one
 * file per customer; the file name is the id). A case study is about a CUSTOMER of the Live Customer
 * Examples matrix (content/resources/customer-examples.yaml: same name, same site), never a persona,
 * which is a prospect. Its features and integrations are named exactly as on the Product page; the
 * build checks all three (src/content-check/named-references.ts).
 */
import { z } from 'astro/zod';
import { review, text, textList } from './common';
import { factCitations } from './facts';

const resultSchema = z
  .strictObject({
    value: text('The number, as it is said: "91 % leased", "3 days", "Under 1 hour".'),
    label: text('What the number measures, read after the value: "in 14 months".'),
    detail: text('The comparison and its source: from what, over what period, by whose measure.'),
  })
  .describe('One result with a number.');

export const caseStudySchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    customer: text('The customer, exactly as named in content/resources/customer-examples.yaml.'),
    url: z
      .url({ protocol: /^https$/, error: 'must be an https:// address' })
      .describe("The customer's live site, exactly as in content/resources/customer-examples.yaml."),
    segmentId: z.number().int().min(8).max(11).describe('The buyer segment (8–11) whose page lists this case study.'),
    headline: text('One line: who did what, with the outcome, e.g. "A regional leasing team leases up 200 Harbor Way…".'),
    customerProfile: text('The firm in one line, with the facts that place it in an ICP tier: properties, people, systems.'),
    problem: text('The problem before Parcelwise, in two to four sentences, in the terms a prospect would recognize.'),
    solution: text('What they do with Parcelwise now, true to the product pages.'),
    features: textList('The core features they use, each exactly as titled on the Product page (e.g. "Property Websites").'),
    integrations: z
      .array(text('An integration, exactly as named on the Product page (e.g. "Yardi Voyager").'))
      .default([])
      .describe('The built-in integrations they use, each named as on the Product page.'),
    results: z.array(resultSchema).min(2).max(4).describe('Two to four results with numbers: the figures a rep may quote.'),
    quote: z
      .strictObject({
        text: text("The quote, in the customer's words (no quotation marks: the page adds them)."),
        name: text('Who said it (a fictional person, not a persona or a team member).'),
        title: text('Their title and company, e.g. "Director of Marketing, Harborline Commercial".'),
      })
      .describe('A quote from the customer.'),
    referenceCall: z.boolean().describe('true only when the customer has agreed to take reference calls from prospects.'),
  })
  .describe('One customer case study of the Sales Kit.');
export type CaseStudyEntry = z.infer<typeof caseStudySchema>;
