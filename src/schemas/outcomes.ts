/**
 * Content schema of ramp milestones: content/ramp-milestones.yaml → `rampMilestoneSchema`, a list of the
 * results a new hire reaches in their first months (docs/product.md "Ramp milestones").
 *
 * A milestone belongs to the roles it is written for. A role is named by the onboarding program that
 * prepares for it (content/programs), so a person's milestones are those of the program they are assigned:
 *
 *   - id: first-meeting-booked
 *     review: { owner: aaliyah-brooks, lastReviewed: 2026-12-02, reviewEveryMonths: 6 }
 *     title: First meeting booked
 *     programs: [sdr-onboarding]
 *     targetDays: 14
 *
 * `targetDays` counts from the start date of the person's assignment (0 = the start day). The id is what
 * recorded outcomes are kept under and what a CSV upload or a CRM webhook names: never reuse one for
 * another result. Checked at build (src/content-check/programs.ts): the programs exist, no id twice.
 */
import { z } from 'astro/zod';
import { review } from './common';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const rampMilestoneSchema = z
  .strictObject({
    id: z
      .string()
      .max(48)
      .regex(SLUG, 'must be lower-case words joined by hyphens, e.g. first-meeting-booked')
      .describe('Id of the milestone, unique in the file; what outcomes are recorded under (CSV uploads and webhooks name it).'),
    review: review(),
    title: z.string().trim().min(1).max(80).describe('The milestone as people say it, e.g. "First meeting booked"; at most 80 characters.'),
    programs: z
      .array(z.string().regex(SLUG, 'must be the id of an onboarding program, e.g. sdr-onboarding'))
      .min(1)
      .describe('The roles it is a milestone of, each named by the id of the onboarding program that prepares for the role.'),
    targetDays: z
      .number()
      .int()
      .min(0)
      .max(365)
      .describe('Days after the start date by which a new hire is expected to reach it (0 = the start day).'),
  })
  .describe('A ramp milestone: a result a new hire in a role is expected to reach by a day after their start.');

export type RampMilestoneData = z.output<typeof rampMilestoneSchema>;
