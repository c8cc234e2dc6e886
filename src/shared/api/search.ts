// Request and response schemas of the search (docs/product.md "GET /api/search"),
// shared by the API route (which parses through them, so only these fields leave the server), the
// /search page and the HeaderSearch island (which imports the types only, to stay small).
import { SEARCH_QUERY_MAX_LENGTH } from '~/shared/search/query';
import { z } from './zod';

/** At most this many results per group, best first. */
export const SEARCH_GROUP_LIMIT = 8;

const q = z.string().max(SEARCH_QUERY_MAX_LENGTH, `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`);

/**
 * One run of typing in the header box: a random id the island makes when the box goes from empty to
 * typed, so the search log counts "zil", "zill", "zillow" as one search. It says nothing about who typed.
 */
const typing = z.string().regex(/^[a-z0-9]{8,24}$/, 'must be 8 to 24 lower-case letters or digits');

/** GET /api/search?q={term}&typing={run}: a missing q is an empty query; over 200 characters is a 400 naming q. */
export const searchRequestSchema = z.object({
  q: q.default(''),
  typing: typing.optional(),
});

/** The longest result link the search log accepts (a result's link is a path with its tab and fragment). */
const OPENED_HREF_MAX_LENGTH = 200;

/** POST /api/search/opened: a result someone opened, with the term it was found by (sent as a beacon). */
export const searchOpenedRequestSchema = z.strictObject({
  q: q.min(1, 'must not be empty'),
  href: z
    .string()
    .max(OPENED_HREF_MAX_LENGTH, `must be at most ${OPENED_HREF_MAX_LENGTH} characters`)
    .regex(/^\/(?!\/)/, 'must be a path of this site'),
  typing: typing.optional(),
});
export type SearchOpenedRequest = z.infer<typeof searchOpenedRequestSchema>;

const id = z.number().int().positive();

const searchModuleHitSchema = z.object({ id, title: z.string() });
const searchSegmentHitSchema = z.object({ id, name: z.string() });
const searchPersonaHitSchema = z.object({ id, name: z.string(), title: z.string() });
const searchQuizHitSchema = z.object({ id, title: z.string() });

/**
 * A hit of the groups beyond the spec's four: where to go and why it matched. `snippet` alternates plain
 * text and matched words — even indexes plain, odd indexes marked — so no HTML travels.
 */
const searchPlaceHitSchema = z.object({
  /** The item, unique in its group. */
  id: z.string(),
  title: z.string(),
  /** What and where it is: "Abbreviation", "Commercial Real Estate Fundamentals · Net leases: N, NN and NNN". */
  context: z.string(),
  snippet: z.array(z.string()),
  /** The deep link: page, tab and fragment of the exact place. */
  href: z.string(),
});
export type SearchPlaceHit = z.infer<typeof searchPlaceHitSchema>;

const places = z.array(searchPlaceHitSchema).max(SEARCH_GROUP_LIMIT);

/**
 * The search response (docs/product.md "GET /api/search"): the four named
 * groups in their shapes, then the rest; each ranked best first, at most 8.
 */
export const searchResponseSchema = z.object({
  modules: z.array(searchModuleHitSchema).max(SEARCH_GROUP_LIMIT),
  segments: z.array(searchSegmentHitSchema).max(SEARCH_GROUP_LIMIT),
  personas: z.array(searchPersonaHitSchema).max(SEARCH_GROUP_LIMIT),
  quizzes: z.array(searchQuizHitSchema).max(SEARCH_GROUP_LIMIT),
  lessons: places,
  glossary: places,
  situations: places,
  product: places,
  resources: places,
  company: places,
  industry: places,
  icp: places,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Every group empty: the answer to an empty, blank or too-short query. */
export function emptySearchResponse(): SearchResponse {
  return {
    modules: [],
    segments: [],
    personas: [],
    quizzes: [],
    lessons: [],
    glossary: [],
    situations: [],
    product: [],
    resources: [],
    company: [],
    industry: [],
    icp: [],
  };
}
