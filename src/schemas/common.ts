/**
 * Field helpers every content schema shares, so one kind of field reads and fails the same everywhere.
 * Each takes the author-facing description (shown by editors' tooling and in build errors).
 */
import { z } from 'astro/zod';
import { addMonths, isIsoDate, isoDateOf } from '~/shared/freshness/dates';
import { ICON_PATHS, type IconName } from '~/shared/icons';
import { CONTENT_CHANGES, type ContentChange } from '~/shared/vocabulary';

/** A non-empty, trimmed text. */
export const text = (description: string) => z.string().trim().min(1).describe(description);

/** A list of at least one non-empty text. */
export const textList = (description: string) => z.array(text('One item of the list.')).min(1).describe(description);

/** A positive whole-number id, unique among entries of its kind. */
export const positiveId = (what: string) =>
  z.number().int().positive().describe(`Numeric id of the ${what}, a positive integer unique among ${what}s.`);

/** The name of an icon of src/shared/icons.ts (ICON_PATHS). */
export const iconName = (example: string) =>
  z
    .enum(Object.keys(ICON_PATHS) as [IconName, ...IconName[]])
    .describe(`Name of an icon in src/shared/icons.ts (ICON_PATHS), e.g. "${example}".`);

// #region freshness

/** How far ahead a review may be scheduled: a date further out is a promise nobody keeps. */
const MAX_REVIEW_MONTHS = 24;

const TEAM_MEMBER_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const REVIEW_BY = 'Date (YYYY-MM-DD) by which the owner checks it again; after it, pages say "Review overdue — check before quoting".';

/** A calendar date written YYYY-MM-DD; YAML may hand it over as a Date, pages and reports get the string. */
export const calendarDate = (description: string) =>
  z
    .union([z.date(), z.string()])
    .transform((value, ctx) => {
      const text = value instanceof Date ? (Number.isNaN(value.getTime()) ? '' : isoDateOf(value)) : value.trim();
      if (!isIsoDate(text)) {
        ctx.addIssue({ code: 'custom', message: `must be a date written YYYY-MM-DD, e.g. 2026-03-14 (found "${String(value)}")` });
        return z.NEVER;
      }
      return text;
    })
    .describe(description);

/**
 * Who keeps an entry true and when it was last checked: the `review` block every entry of every content
 * collection carries (content/README.md "Freshness"). Write either `reviewBy` or `reviewEveryMonths`:
 *
 *   review: { owner: aaliyah-brooks, lastReviewed: 2026-09-14, reviewEveryMonths: 12 }
 *   review: { owner: sofia-ramirez, lastReviewed: 2026-10-02, reviewBy: 2027-01-15 }
 *
 * Parsed, it always has `reviewBy` (from the interval when that was written). The owner must be a member
 * of content/company/team.yaml (checked at build by src/content-check/references.ts).
 */
export const review = () =>
  z
    .strictObject({
      owner: z
        .string()
        .regex(TEAM_MEMBER_ID, 'must be the id of a team member in content/company/team.yaml, e.g. "aaliyah-brooks"')
        .describe('Id of the team member (content/company/team.yaml) who keeps this entry true and answers questions about it.'),
      lastReviewed: calendarDate(
        'Date (YYYY-MM-DD) the owner last checked every statement of this entry against the product and the market.',
      ),
      reviewBy: calendarDate(REVIEW_BY).optional().describe(REVIEW_BY),
      reviewEveryMonths: z
        .number()
        .int()
        .min(1)
        .max(MAX_REVIEW_MONTHS)
        .optional()
        .describe(`Instead of reviewBy: review again this many months after lastReviewed (1 to ${MAX_REVIEW_MONTHS}).`),
    })
    .superRefine((value, ctx) => {
      if ((value.reviewBy === undefined) === (value.reviewEveryMonths === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['reviewBy'],
          message:
            value.reviewBy === undefined
              ? 'is missing: write either reviewBy (a date) or reviewEveryMonths (a number of months)'
              : `(${value.reviewBy}) and reviewEveryMonths (${String(value.reviewEveryMonths)}) are both written: keep one of them`,
        });
      }
      if (value.reviewBy !== undefined && value.reviewBy <= value.lastReviewed) {
        ctx.addIssue({
          code: 'custom',
          path: ['reviewBy'],
          message: `is ${value.reviewBy}, which must come after lastReviewed (${value.lastReviewed})`,
        });
      }
      if (value.reviewBy !== undefined && value.reviewBy > addMonths(value.lastReviewed, MAX_REVIEW_MONTHS)) {
        ctx.addIssue({
          code: 'custom',
          path: ['reviewBy'],
          message: `is ${value.reviewBy}, which must be at most ${MAX_REVIEW_MONTHS} months after lastReviewed (${value.lastReviewed}): ${addMonths(value.lastReviewed, MAX_REVIEW_MONTHS)} at the latest`,
        });
      }
    })
    .transform(({ owner, lastReviewed, reviewBy, reviewEveryMonths }) => ({
      owner,
      lastReviewed,
      reviewBy: reviewBy ?? addMonths(lastReviewed, reviewEveryMonths ?? MAX_REVIEW_MONTHS),
    }))
    .describe(
      'Freshness and ownership: owner (a team member id), lastReviewed (YYYY-MM-DD) and either reviewBy (YYYY-MM-DD) or reviewEveryMonths.',
    );

/** An entry's parsed review block: reviewBy is always known. */
export type Review = z.output<ReturnType<typeof review>>;

// #endregion freshness

// #region revisions

/**
 * The revision fields a lesson or quiz question may carry (content/README.md "Revisions"): `revision`
 * (1 when left out), and above 1 the `change` it made and a one-line `changeNote`. A material change
 * reopens a lesson for those who completed an earlier revision and restarts a question's review cards;
 * `materialRevision` keeps that in force when a typo or minor change follows a material one.
 */
export const revisionFields = {
  revision: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      'Revision number, 1 when left out: raise it by one with each published change, and say what changed in `change` and `changeNote`.',
    ),
  change: z
    .enum(CONTENT_CHANGES)
    .optional()
    .describe(
      'What this revision changed (required above revision 1): typo (spelling, formatting), minor (wording that teaches the same) or material (what a learner must know changed: completions and answers of earlier revisions no longer count).',
    ),
  changeNote: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\n]*$/, 'must be one line')
    .optional()
    .describe('One line on what changed (required above revision 1), shown to learners as "Updated since you completed it: …".'),
  materialRevision: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      'The revision of the latest material change, when a typo or minor change followed it (so it still reopens and restarts); equal to `revision` when `change` is material.',
    ),
};

/** The checks between the revision fields: a revision above 1 says what changed; no revision beyond the current one. */
export function checkRevisionFields(
  value: {
    revision?: number | undefined;
    change?: ContentChange | undefined;
    changeNote?: string | undefined;
    materialRevision?: number | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const revision = value.revision ?? 1;
  if (revision > 1 && value.change === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['change'],
      message: `is missing: revision ${revision} must say what changed (typo, minor or material)`,
    });
  }
  if (revision > 1 && value.changeNote === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['changeNote'],
      message: `is missing: revision ${revision} needs a one-line note on what changed`,
    });
  }
  if (revision === 1 && (value.change !== undefined || value.changeNote !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['revision'], message: 'must be above 1 when `change` or `changeNote` is written' });
  }
  const material = value.materialRevision;
  if (material !== undefined && (material > revision || (value.change === 'material' && material !== revision))) {
    ctx.addIssue({
      code: 'custom',
      path: ['materialRevision'],
      message: `is ${material}, but must be at most the revision (${revision}) and equal to it when the change is material`,
    });
  }
}

// #endregion revisions
