// Response schemas of the buyer calls (docs/product.md "API calls"): GET /api/segments, /api/segments/{id},
// /api/personas/{id}. Shared by the API routes (which parse through them, so only these fields leave
// the server) and any island that reads the calls.
import { PERSONA_ROLES, PERSONA_SEGMENTS, SEGMENT_COLORS, SEGMENT_ICONS } from '~/shared/vocabulary';
import { z } from './zod';

/** A segment (docs/product.md "Records and their fields"). */
export const segmentResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.enum(SEGMENT_ICONS),
  color: z.enum(SEGMENT_COLORS),
  careAbout: z.array(z.string()),
  talkingPoints: z.array(z.string()),
  examples: z.array(z.object({ name: z.string(), url: z.string() })),
});

/** GET /api/segments: every segment ordered by id, one per distinct name. */
export const segmentListResponseSchema = z.array(segmentResponseSchema);

/** A persona, avatar null when the persona has no picture (docs/product.md "Records and their fields"). */
export const personaResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  company: z.string(),
  segment: z.enum(PERSONA_SEGMENTS),
  role: z.enum(PERSONA_ROLES),
  avatar: z.string().nullable(),
  background: z.string(),
  preferences: z.object({ decisionFactors: z.string(), careAbout: z.array(z.string()) }),
  goals: z.array(z.string()),
  painPoints: z.array(z.string()),
});
