// Request and response schemas of the header search (SPEC §3 "Search response", §7 GET /api/search),
// shared by the API route (which parses through them, so only these fields leave the server) and the
// HeaderSearch island (which imports the types only, to stay small).
import { z } from './zod';

/** The longest query the server accepts; the search box stops typing there too. */
const SEARCH_QUERY_MAX_LENGTH = 200;
/** At most this many results per group, best first. */
export const SEARCH_GROUP_LIMIT = 8;

/** GET /api/search?q={term}: a missing q is an empty query; over 200 characters is a 400 naming q. */
export const searchRequestSchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH, `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`).default(''),
});

const id = z.number().int().positive();

const searchModuleHitSchema = z.object({ id, title: z.string() });
const searchSegmentHitSchema = z.object({ id, name: z.string() });
const searchPersonaHitSchema = z.object({ id, name: z.string(), title: z.string() });
const searchQuizHitSchema = z.object({ id, title: z.string() });

/** SPEC §3 Search response: four groups, each ranked best first, at most 8 items. */
export const searchResponseSchema = z.object({
  modules: z.array(searchModuleHitSchema).max(SEARCH_GROUP_LIMIT),
  segments: z.array(searchSegmentHitSchema).max(SEARCH_GROUP_LIMIT),
  personas: z.array(searchPersonaHitSchema).max(SEARCH_GROUP_LIMIT),
  quizzes: z.array(searchQuizHitSchema).max(SEARCH_GROUP_LIMIT),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Four empty groups: the answer to an empty or whitespace-only query. */
export function emptySearchResponse(): SearchResponse {
  return { modules: [], segments: [], personas: [], quizzes: [] };
}
