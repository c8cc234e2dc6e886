/**
 * Content schema of the External Tools grid on the home dashboard (docs/product.md "Home dashboard (/)").
 *
 * Editors author content/external-tools.yaml: a list of the company's day-to-day tools, each opened in a
 * new tab. Strict, so a misspelt field fails the build naming the file and the field.
 */
import { z } from 'astro/zod';
import { review } from './common';

export const externalToolSchema = z
  .strictObject({
    review: review(),
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'id: lowercase letters, digits and hyphens only')
      .describe('Stable slug of the tool, unique in the file (e.g. "crm").'),
    name: z.string().trim().min(1).max(60).describe('Tool name shown on the card (e.g. "Parcelwise CRM").'),
    description: z.string().trim().min(1).max(200).describe('One line on what staff use the tool for.'),
    url: z.url({ protocol: /^https$/ }).describe('Address of the tool (https). Opened in a new tab with rel="noopener noreferrer".'),
    order: z.number().int().describe('Position of the card in the grid (ascending).'),
  })
  .describe('An external tool linked from the home dashboard.');

export type ExternalTool = z.infer<typeof externalToolSchema>;
