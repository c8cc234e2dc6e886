// Request and response schemas of visit tracking and the team progress dashboard (docs/product.md "POST /api/track-visit",
// "GET /api/team-progress"; docs/decisions.md "Visits", "Team progress"), shared by the API routes, the tracking script and the islands.
import {
  DEFAULT_TABLE_STATE,
  firstDirection,
  SORT_DIRECTIONS,
  SORT_KEYS,
  TEAM_FILTERS,
  type TeamTableState,
} from '~/shared/team/team-table';
import { z } from './zod';

const MAX_PAGE_PATH_LENGTH = 512;
const MAX_TAB_ID_LENGTH = 64;

/** A same-site path: starts with one '/', never '//' or '/\' (protocol-relative), no spaces or control characters. */
const SAME_SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/**
 * POST /api/track-visit (the Visit record of docs/product.md "Records and their fields"). `userId` is accepted and ignored: the user always
 * comes from the session (docs/decisions.md "The API"). `timeSpent` is always null.
 */
export const trackVisitRequestSchema = z.strictObject({
  userId: z.unknown().optional(),
  pagePath: z
    .string({ error: 'pagePath is required' })
    .min(1, 'pagePath is required')
    .max(MAX_PAGE_PATH_LENGTH, `pagePath must be at most ${MAX_PAGE_PATH_LENGTH} characters`)
    .regex(SAME_SITE_PATH, "pagePath must be a path on this site starting with '/'"),
  tabId: z
    .string({ error: 'tabId must be a string or null' })
    .min(1, 'tabId must not be empty')
    .max(MAX_TAB_ID_LENGTH, `tabId must be at most ${MAX_TAB_ID_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, "tabId must be letters, digits, '-' or '_'")
    .nullable()
    .default(null),
  timeSpent: z.null({ error: 'timeSpent must be null' }).default(null),
  exitPage: z.literal('navigation', { error: "exitPage must be null or 'navigation'" }).nullable().default(null),
  visitDate: z.iso.datetime({ offset: true, error: 'visitDate must be an ISO date-time' }),
});
export type TrackVisitRequest = z.input<typeof trackVisitRequestSchema>;
export type TrackVisit = z.output<typeof trackVisitRequestSchema>;

/** One row of GET /api/team-progress (figures as docs/product.md "Team Progress (/team-progress)" defines them). */
const teamProgressRowSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** Completed lessons over all lessons of all modules, rounded percent. */
  progress: z.number().int().min(0).max(100),
  /** Share of the question bank whose predicted recall 21 days from now is at least 90 %, rounded percent. */
  mastery: z.number().int().min(0).max(100),
  pagesVisited: z.number().int().nonnegative(),
  quizzesCompleted: z.number().int().nonnegative(),
  dailyChallenges: z.number().int().nonnegative(),
  loginCount: z.number().int().nonnegative(),
  /** ISO date-time of the latest event, or the string 'null'. */
  lastActive: z.union([z.iso.datetime(), z.literal('null')]),
  /** The onboarding program assigned, or null. */
  program: z.strictObject({ id: z.string(), title: z.string() }).nullable(),
  /** Day N of the program (1 on the start day); null without one. */
  planDay: z.number().int().nonnegative().nullable(),
  /** Required plan items done, and required plan items. */
  planDone: z.number().int().nonnegative(),
  planRequired: z.number().int().nonnegative(),
  /** Required plan items past their due date and not done. */
  overdueItems: z.number().int().nonnegative(),
  planStatus: z.enum(['on_track', 'behind', 'overdue', 'certified', 'none']),
});
/** GET /api/team-progress answers the spec's list of rows; the `X-Generated-At` header says when it was computed. */
export const teamProgressResponseSchema = z.array(teamProgressRowSchema);
export const GENERATED_AT_HEADER = 'X-Generated-At';

/** A question of the Knowledge section's lists, with its counts over the period. */
const knowledgeQuestionSchema = z.strictObject({
  key: z.string(),
  text: z.string(),
  quizTitle: z.string(),
  topic: z.string(),
  answers: z.number().int().positive(),
  misses: z.number().int().nonnegative(),
  missRate: z.number().int().min(0).max(100),
  /** Wrong answers given as "sure": the misconceptions to teach. */
  confidentlyWrong: z.number().int().nonnegative(),
  learners: z.number().int().nonnegative(),
  lesson: z.strictObject({ title: z.string(), href: z.string() }).nullable(),
});

/** GET /api/team-progress/knowledge: the Knowledge section of Team Progress (docs/decisions.md "Mastery and team knowledge"). */
export const teamKnowledgeSchema = z.strictObject({
  topics: z.array(
    z.strictObject({
      topic: z.string(),
      averageMastery: z.number().int().min(0).max(100),
      /** Average predicted recall today of the members who started the topic, rounded percent; null when nobody did. */
      averageRecall: z.number().int().min(0).max(100).nullable(),
      started: z.number().int().nonnegative(),
      questions: z.number().int().nonnegative(),
    }),
  ),
  mostMissed: z.array(knowledgeQuestionSchema).max(10),
  /** The questions most often answered wrong while "sure". */
  confidentlyWrong: z.array(knowledgeQuestionSchema).max(10),
  /** The first day the lists count (ISO). */
  since: z.iso.datetime(),
});

const MAX_FIND_LENGTH = 100;

/** The table's fields in a URL (`/team-progress?…` and the CSV's `/api/team-progress/csv?…`); each optional. */
const tableFields = {
  sort: z.enum(SORT_KEYS, { error: `must be one of ${SORT_KEYS.join(', ')}` }),
  direction: z.enum(SORT_DIRECTIONS, { error: 'must be ascending or descending' }),
  find: z.string().max(MAX_FIND_LENGTH, `must be at most ${MAX_FIND_LENGTH} characters`),
  filter: z.enum(TEAM_FILTERS, { error: `must be one of ${TEAM_FILTERS.join(', ')}` }),
  page: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1'),
};

/**
 * GET /api/team-progress/csv: `?sort=&direction=&find=&filter=` as the page's links carry them (every page: no `page`).
 * Without a direction a column sorts in its first direction (names A–Z, figures highest first).
 */
export const teamCsvQuerySchema = z.strictObject({
  sort: tableFields.sort.default(DEFAULT_TABLE_STATE.sort.key),
  direction: tableFields.direction.optional(),
  find: tableFields.find.default(''),
  filter: tableFields.filter.default(DEFAULT_TABLE_STATE.filter),
});
export type TeamCsvQuery = z.infer<typeof teamCsvQuerySchema>;

/** The table state a CSV query asks for (its first and only page). */
export function csvTableState(query: TeamCsvQuery): TeamTableState {
  return {
    sort: { key: query.sort, direction: query.direction ?? firstDirection(query.sort) },
    filter: query.filter,
    find: query.find.trim(),
    page: 1,
  };
}

/**
 * The table state of a /team-progress URL. A page is addressed by links people keep and edit, so a value that does not
 * fit falls back to its default (a bad direction to the column's first) instead of an error page.
 */
export function pageTableState(params: URLSearchParams): TeamTableState {
  const field = <T>(schema: z.ZodType<T>, name: keyof typeof tableFields, fallback: T): T => {
    const value = params.get(name);
    const parsed = value === null ? null : schema.safeParse(value);
    return parsed?.success ? parsed.data : fallback;
  };
  const key = field(tableFields.sort, 'sort', DEFAULT_TABLE_STATE.sort.key);
  return {
    sort: { key, direction: field(tableFields.direction, 'direction', firstDirection(key)) },
    filter: field(tableFields.filter, 'filter', DEFAULT_TABLE_STATE.filter),
    find: field(tableFields.find, 'find', '').trim(),
    page: field(tableFields.page, 'page', 1),
  };
}
