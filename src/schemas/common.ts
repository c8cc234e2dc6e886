/**
 * Field helpers every content schema shares, so one kind of field reads and fails the same everywhere.
 * Each takes the author-facing description (shown by editors' tooling and in build errors).
 */
import { z } from 'astro/zod';
import { ICON_PATHS, type IconName } from '~/lib/icons';

/** A non-empty, trimmed text. */
export const text = (description: string) => z.string().trim().min(1).describe(description);

/** A list of at least one non-empty text. */
export const textList = (description: string) => z.array(text('One item of the list.')).min(1).describe(description);

/** A positive whole-number id, unique among entries of its kind. */
export const positiveId = (what: string) =>
  z.number().int().positive().describe(`Numeric id of the ${what}, a positive integer unique among ${what}s.`);

/** The name of an icon of src/lib/icons.ts (ICON_PATHS). */
export const iconName = (example: string) =>
  z
    .enum(Object.keys(ICON_PATHS) as [IconName, ...IconName[]])
    .describe(`Name of an icon in src/lib/icons.ts (ICON_PATHS), e.g. "${example}".`);
