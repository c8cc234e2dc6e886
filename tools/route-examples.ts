/**
 * One or more example requests for every route and API call (tools/page-routes.ts derives the
 * list from src/pages/): what the round-trip test (tests/api/round-trips.test.ts) and
 * `npm run bench:latency` send, signed in, against realistic data. A route without an entry here fails
 * both: whoever adds a route adds its examples.
 *
 * Who sends each request:
 * - `learner`: the demo user, with a history (lessons, quiz results, a challenge answer, visits);
 * - `admin`: the demo administrator (team progress);
 * - `writer`: accounts of the example's own, so writes pile up where no other example reads: one per
 *   concurrent client (`writers` of clientsFor), as simultaneous writes come from different people (one
 *   account sending a hundred quizzes at once would time its own review history, not the round trips);
 * - `new-user`: a brand-new account per request (the first answer of a window, the first completion);
 * - `new-session`: an account of the examples' own, signed in again before each request (logout ends it);
 * - `anonymous`: no session. A sign-in example signs in one of `signInAccounts` per repetition, in turn:
 *   one account per concurrent client, as simultaneous sign-ins come from different people (twenty at
 *   once for one username from one address would be answered 429 by the throttle, in-flight attempts
 *   counting, and time the refusal instead of the sign-in).
 */
import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import type { Client, TracedApp } from './traced-app';

export type Actor = 'learner' | 'admin' | 'writer' | 'new-user' | 'new-session' | 'anonymous';

/** What an example can ask about the content (loaded once, through the API) and which repetition this is. */
export interface ExampleContext {
  run: number;
  client: Client;
  lessonIds: ReadonlyMap<number, readonly number[]>;
  quizzes: ReadonlyArray<{ id: number; questions: ReadonlyArray<{ id: string; options: ReadonlyArray<{ id: string }> }> }>;
  /**
   * Accounts that sign-in examples sign in, one per concurrent client: never the demo learner, whose
   * session the other examples use (a person keeps at most 10 sessions, the oldest end).
   */
  signInAccounts: ReadonlyArray<{ username: string; password: string }>;
  /** The demo learner's account id (their page under Team Progress). */
  learnerId: string;
  /** An account on the SDR program for 30 days, its first meeting booked 20 days ago (ramp milestones). */
  rampUsername: string;
}

export interface RouteExample {
  /** `METHOD /pattern`, as tools/page-routes.ts names routes. */
  route: string;
  /** What this example shows, when a route has several. */
  label?: string;
  as: Actor;
  method: string;
  path: string | ((context: ExampleContext) => string | Promise<string>);
  body?: (context: ExampleContext) => unknown;
  form?: (context: ExampleContext) => Record<string, string>;
  /** A body sent as is (a file upload), with the Content-Type of `headers`. */
  text?: (context: ExampleContext) => string;
  headers?: Record<string, string>;
  status: number;
  /** A file to download (not a page a person reads): left out of the page suites. */
  download?: true;
}

const get = (route: string, path: string, status = 200, as: Actor = 'learner'): RouteExample => ({
  route,
  as,
  method: 'GET',
  path,
  status,
});

/** A well-formed attempt id of nobody's. */
const NOBODYS_ATTEMPT = '00000000-0000-4000-8000-000000000002.cold-call-opener-marketing-manager.x';

/** A well-formed user id for the unsubscribe page's example (its link is refused: no signature). */
const DEMO_LINK_USER = '00000000-0000-4000-8000-000000000001';

const credentials = { username: DEMO_USER.username, password: DEMO_USER.password };

/** The learner's feed address, made once per client (before any request is measured): its path. */
const feedPaths = new WeakMap<Client, Promise<string>>();
function learnerFeedPath(client: Client): Promise<string> {
  let path = feedPaths.get(client);
  if (!path) {
    path = client.request('POST', '/api/calendar-feed/rotate').then(async (response) => {
      if (response.status !== 200) throw new Error(`rotate answered ${response.status}`);
      return new URL(((await response.json()) as { url: string }).url).pathname;
    });
    feedPaths.set(client, path);
  }
  return path;
}

/** A well-formed report id no report has. */
const UNKNOWN_REPORT = '2020-01-01T00-00-00-000Z_00000000';

/** A date some days before today, YYYY-MM-DD. */
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The account a sign-in example's repetition signs in (`signInAccounts` in turn). */
const signInAccountOf = ({ run, signInAccounts }: ExampleContext) => ({ ...signInAccounts[run % signInAccounts.length]! });

/** A lesson no earlier repetition completed: walks every lesson of every module. */
function lessonOfRun({ run, lessonIds }: ExampleContext): { moduleId: number; lessonId: number } {
  const all = [...lessonIds].flatMap(([moduleId, ids]) => ids.map((lessonId) => ({ moduleId, lessonId })));
  return all[run % all.length]!;
}

async function currentChallenge(client: Client): Promise<{ id: string; options: Array<{ id: string }> }> {
  const response = await client.request('GET', '/api/daily-challenge');
  return (await response.json()) as { id: string; options: Array<{ id: string }> };
}

function quizAnswers(context: ExampleContext): unknown {
  const quiz = context.quizzes[context.run % context.quizzes.length]!;
  return {
    quizId: quiz.id,
    answers: quiz.questions.map((question) => ({ questionId: question.id, selectedOptionId: question.options[0]!.id })),
  };
}

export const ROUTE_EXAMPLES: readonly RouteExample[] = [
  // Pages
  get('GET /', '/'),
  get('GET /404', '/no-such-page', 404),
  get('GET /auth', '/auth', 200, 'anonymous'),
  // Without an identity provider configured (the round-trip run has none), both go back to /auth.
  get('GET /auth/sso', '/auth/sso', 303, 'anonymous'),
  get('GET /auth/callback', '/auth/callback?code=x&state=y', 303, 'anonymous'),
  get('GET /auth/preview-callback', '/auth/preview-callback?code=x&state=y', 303, 'anonymous'),
  {
    route: 'POST /auth',
    label: 'sign-in form without JavaScript',
    as: 'anonymous',
    method: 'POST',
    path: '/auth',
    form: signInAccountOf,
    status: 303,
  },
  get('GET /buyer-segments', '/buyer-segments'),
  get('GET /buyer-segments/[id]', '/buyer-segments/8'),
  get('GET /changes', '/changes'),
  get('GET /company-overview', '/company-overview'),
  get('GET /content-health', '/content-health', 200, 'admin'),
  get('GET /ideal-customer-profile', '/ideal-customer-profile'),
  get('GET /industry-knowledge', '/industry-knowledge'),
  get('GET /industry-knowledge/[id]', '/industry-knowledge/2'),
  get('GET /modules/[id]', '/modules/1'),
  get('GET /modules/[id]/lessons/[lessonId]', '/modules/1/lessons/101'),
  get('GET /modules/[id]/placement', '/modules/2/placement'),
  {
    // A blank form: graded (every question wrong), stored, then back to the page (303), which shows the result;
    // a new account each time, as the next try waits 24 hours.
    route: 'POST /modules/[id]/placement',
    as: 'new-user',
    method: 'POST',
    path: '/modules/2/placement',
    form: () => ({}),
    status: 303,
  },
  get('GET /personas', '/personas'),
  get('GET /personas/[id]', '/personas/1'),
  get('GET /product', '/product'),
  get('GET /quizzes', '/quizzes'),
  get('GET /quizzes/[id]', '/quizzes/1'),
  get('GET /resources', '/resources'),
  get('GET /sales-situations', '/sales-situations'),
  get('GET /sales-kit', '/sales-kit'),
  get('GET /sales-kit/discovery-questions', '/sales-kit/discovery-questions?persona=3'),
  get('GET /sales-kit/case-studies', '/sales-kit/case-studies'),
  get('GET /sales-kit/objections', '/sales-kit/objections?situation=budget-pushback'),
  get('GET /sales-kit/pricing', '/sales-kit/pricing'),
  get('GET /sales-kit/it-security', '/sales-kit/it-security'),
  get('GET /sales-kit/demo-scripts', '/sales-kit/demo-scripts'),
  get('GET /sales-kit/prospecting', '/sales-kit/prospecting?persona=1'),
  get('GET /sales-kit/outreach', '/sales-kit/outreach'),
  get('GET /sales-kit/battlecards', '/sales-kit/battlecards'),
  get('GET /sales-kit/deal-templates', '/sales-kit/deal-templates'),
  { ...get('GET /sales-kit/deal-templates/[id]', '/sales-kit/deal-templates/mutual-action-plan'), download: true },
  get('GET /review', '/review'),
  get('GET /search', '/search?q=broker'),
  get('GET /segments/[id]', '/segments/8', 301),
  get('GET /team-progress', '/team-progress', 200, 'admin'),
  get('GET /settings', '/settings'),
  get('GET /unsubscribe', `/unsubscribe?u=${DEMO_LINK_USER}&t=not-a-signature`, 400, 'anonymous'),

  // API calls
  get('ALL /api/[...path]', '/api/no-such-call', 404),
  get('GET /api/content-health', '/api/content-health?format=csv', 200, 'admin'),
  { ...get('GET /api/content-health', '/api/content-health', 200, 'admin'), label: 'JSON, with the searches and visits' },
  get('GET /api/daily-challenge', '/api/daily-challenge'),
  {
    route: 'POST /api/daily-challenge/complete',
    label: 'first answer of the window',
    as: 'new-user',
    method: 'POST',
    path: '/api/daily-challenge/complete',
    body: async ({ client }) => {
      const challenge = await currentChallenge(client);
      return { questionId: challenge.id, answerId: challenge.options[0]!.id };
    },
    status: 200,
  },
  {
    // The first repetition answers; the later ones answer again in the same window: that answer counts, nothing new is stored.
    route: 'POST /api/daily-challenge/complete',
    label: 'answered again',
    as: 'writer',
    method: 'POST',
    path: '/api/daily-challenge/complete',
    body: async ({ client }) => {
      const challenge = await currentChallenge(client);
      return { questionId: challenge.id, answerId: challenge.options[0]!.id };
    },
    status: 200,
  },
  { route: 'POST /api/login', as: 'anonymous', method: 'POST', path: '/api/login', body: signInAccountOf, status: 200 },
  { route: 'POST /api/logout', as: 'new-session', method: 'POST', path: '/api/logout', status: 200 },
  {
    route: 'POST /api/logout',
    label: 'the sidebar form, without JavaScript',
    as: 'new-session',
    method: 'POST',
    path: '/api/logout',
    form: () => ({}),
    status: 303,
  },
  get('GET /api/modules/[id]', '/api/modules/1'),
  get('GET /api/modules/[id]/placement', '/api/modules/2/placement'),
  {
    route: 'POST /api/modules/[id]/placement',
    as: 'new-user',
    method: 'POST',
    path: '/api/modules/2/placement',
    body: async ({ client }) => {
      const check = (await (await client.request('GET', '/api/modules/2/placement')).json()) as {
        questions: Array<{ id: string; options: Array<{ id: string }> }>;
      };
      return { answers: check.questions.map((question) => ({ questionId: question.id, optionId: question.options[0]!.id })) };
    },
    status: 200,
  },
  {
    route: 'PATCH /api/modules/[id]',
    as: 'writer',
    method: 'PATCH',
    path: ({ run }) => `/api/modules/${(run % 6) + 1}`,
    body: () => ({ status: 'in_progress' }),
    status: 200,
  },
  get('GET /api/personas/[id]', '/api/personas/1'),
  {
    route: 'PATCH /api/progress/[id]',
    label: 'completes a new lesson',
    as: 'writer',
    method: 'PATCH',
    path: (context) => `/api/progress/${lessonOfRun(context).moduleId}`,
    body: (context) => ({ completedLessons: [lessonOfRun(context).lessonId] }),
    status: 200,
  },
  {
    // The first repetition completes the lesson; the later ones complete it again and store nothing new.
    route: 'PATCH /api/progress/[id]',
    label: 'a lesson completed again',
    as: 'writer',
    method: 'PATCH',
    path: '/api/progress/1',
    body: ({ lessonIds }) => ({ completedLessons: [lessonIds.get(1)![0]!] }),
    status: 200,
  },
  get('GET /api/progress', '/api/progress'),
  {
    route: 'POST /api/progress',
    label: 'completes a new lesson',
    as: 'writer',
    method: 'POST',
    path: '/api/progress',
    body: (context) => ({ moduleId: lessonOfRun(context).moduleId, completedLessons: [lessonOfRun(context).lessonId], timeSpent: 60 }),
    status: 201,
  },
  get('GET /api/quiz-results', '/api/quiz-results'),
  { route: 'POST /api/quiz-results', as: 'writer', method: 'POST', path: '/api/quiz-results', body: quizAnswers, status: 201 },
  {
    // The first repetition submits; the later ones repeat it with the same key: they find the first try and store nothing new.
    route: 'POST /api/quiz-results',
    label: 'sent again with its Idempotency-Key',
    as: 'writer',
    method: 'POST',
    path: '/api/quiz-results',
    body: (context) => quizAnswers({ ...context, run: 0 }),
    headers: { 'Idempotency-Key': 'route-example-quiz-submission' },
    status: 201,
  },
  get('GET /api/quizzes', '/api/quizzes'),
  {
    route: 'POST /api/register',
    as: 'anonymous',
    method: 'POST',
    path: '/api/register',
    body: () => ({
      username: `bench-${randomUUID().slice(0, 8)}@parcelwise.example`,
      password: 'correct-horse-battery',
      name: 'Bench Learner',
    }),
    status: 201,
  },
  get('GET /api/review', '/api/review'),
  {
    // A graded review needs a card due today, days after the answer that scheduled it: the loading and
    // scheduling it shares with a graded answer are what this counts (the recording is one more write).
    route: 'POST /api/review',
    label: 'an answer for a card not due',
    as: 'learner',
    method: 'POST',
    path: '/api/review',
    body: ({ quizzes }) => ({ questionId: `${quizzes[0]!.id}:${quizzes[0]!.questions[0]!.id}`, answerId: 'a' }),
    status: 400,
  },
  get('GET /api/search', '/api/search?q=broker'),
  { ...get('GET /api/search', '/api/search?q=broke&typing=a1b2c3d4e5f6'), label: 'as typed in the header box' },
  {
    route: 'POST /api/search/opened',
    as: 'writer',
    method: 'POST',
    path: '/api/search/opened',
    body: async ({ client }) => {
      const response = await client.request('GET', '/api/search?q=broker');
      const answer = (await response.json()) as Record<string, Array<{ id: number | string; href?: string }>>;
      const [group, hits] = Object.entries(answer).find(([, list]) => list.length > 0)!;
      return { q: 'broker', href: hits[0]!.href ?? `/${group}/${hits[0]!.id}`, typing: 'a1b2c3d4e5f6' };
    },
    status: 204,
  },
  get('GET /api/segments', '/api/segments'),
  get('GET /api/segments/[id]', '/api/segments/8'),
  get('GET /api/team-progress', '/api/team-progress', 200, 'admin'),
  get('GET /api/team-progress/csv', '/api/team-progress/csv?sort=progress&filter=active', 200, 'admin'),
  get('GET /api/team-progress/knowledge', '/api/team-progress/knowledge', 200, 'admin'),
  {
    route: 'POST /api/track-visit',
    as: 'writer',
    method: 'POST',
    path: '/api/track-visit',
    body: ({ run }) => ({
      pagePath: ['/', '/quizzes', '/product', '/resources'][run % 4],
      tabId: null,
      visitDate: new Date().toISOString(),
    }),
    status: 204,
  },
  get('GET /api/user', '/api/user'),
  get('GET /api/programs', '/api/programs'),
  get('GET /api/plan', '/api/plan'),
  get('GET /plan', '/plan'),
  get('GET /practice', '/practice'),
  get('GET /practice/[id]', '/practice/cold-call-opener-marketing-manager'),
  get('GET /practice/reviews', '/practice/reviews', 200, 'admin'),
  // Nobody's attempt: the 404 page (an attempt is its owner's; e2e/practice.spec.ts opens real ones).
  get('GET /practice/attempts/[id]', '/practice/attempts/nobody.cold-call-opener-marketing-manager.x', 404),
  get('GET /plan/certificate', '/plan/certificate', 404),
  { route: 'GET /team-progress/[id]', as: 'admin', method: 'GET', path: ({ learnerId }) => `/team-progress/${learnerId}`, status: 200 },
  {
    route: 'POST /api/program-assignments',
    label: 'moves the start of the learner’s program',
    as: 'admin',
    method: 'POST',
    path: '/api/program-assignments',
    body: () => ({ username: DEMO_USER.username, programId: 'discovery-refresher', startDate: isoDaysAgo(3) }),
    status: 201,
  },
  {
    route: 'DELETE /api/program-assignments/[username]',
    as: 'admin',
    method: 'DELETE',
    // Each repetition first gives a sign-in account a program (before the request is measured), then ends it.
    path: async ({ client, signInAccounts }) => {
      const { username } = signInAccounts[0]!;
      await client.request('POST', '/api/program-assignments', { body: { username, programId: 'sdr-onboarding' } });
      return `/api/program-assignments/${encodeURIComponent(username)}`;
    },
    body: () => ({ reason: 'Moved to another team' }),
    status: 204,
  },
  {
    route: 'POST /api/program-signoffs',
    label: 'an item signed off already',
    as: 'admin',
    method: 'POST',
    path: '/api/program-signoffs',
    body: () => ({ username: DEMO_USER.username, itemId: 'discovery-roleplay' }),
    status: 200,
  },
  {
    route: 'POST /api/outcomes',
    label: 'a milestone recorded already on that date',
    as: 'admin',
    method: 'POST',
    path: '/api/outcomes',
    body: ({ rampUsername }) => ({ username: rampUsername, milestone: 'first-meeting-booked', date: isoDaysAgo(20) }),
    status: 200,
  },
  {
    route: 'GET /api/outcomes',
    as: 'admin',
    method: 'GET',
    path: ({ rampUsername }) => `/api/outcomes?username=${encodeURIComponent(rampUsername)}`,
    status: 200,
  },
  {
    route: 'POST /api/outcomes/csv',
    label: 'a file recorded already',
    as: 'admin',
    method: 'POST',
    path: '/api/outcomes/csv',
    headers: { 'Content-Type': 'text/csv' },
    text: ({ rampUsername }) => `username,milestone,date\n${rampUsername},first-meeting-booked,${isoDaysAgo(20)}\n`,
    status: 200,
  },
  {
    route: 'DELETE /api/outcomes/[id]',
    as: 'admin',
    method: 'DELETE',
    // Each repetition first records a milestone (before the request is measured), then deletes it.
    path: async ({ client, rampUsername }) => {
      const body = { username: rampUsername, milestone: 'ten-meetings-held', date: isoDaysAgo(1) };
      const recorded = (await (await client.request('POST', '/api/outcomes', { body })).json()) as { id: string };
      return `/api/outcomes/${encodeURIComponent(recorded.id)}`;
    },
    status: 204,
  },
  get('GET /api/practice', '/api/practice'),
  {
    route: 'POST /api/practice/attempts',
    label: 'a typed answer, matched at once',
    as: 'writer',
    method: 'POST',
    path: '/api/practice/attempts',
    body: () => ({
      scenarioId: 'cold-call-opener-marketing-manager',
      text: 'Nathan, it is Sam from Parcelwise: I emailed on Monday. How long does a listing take from signed to live? 20 minutes on Thursday?',
    }),
    status: 201,
  },
  // Nobody's attempt: answered 404 without saying whether it exists (tests/api/practice.test.ts reads real ones).
  get('GET /api/practice/attempts/[id]', `/api/practice/attempts/${NOBODYS_ATTEMPT}`, 404),
  {
    route: 'DELETE /api/practice/attempts/[id]',
    as: 'learner',
    method: 'DELETE',
    path: `/api/practice/attempts/${NOBODYS_ATTEMPT}`,
    status: 404,
  },
  get('GET /api/practice/attempts/[id]/audio', `/api/practice/attempts/${NOBODYS_ATTEMPT}/audio`, 404),
  {
    route: 'POST /api/practice/attempts/[id]/submit',
    as: 'learner',
    method: 'POST',
    path: `/api/practice/attempts/${NOBODYS_ATTEMPT}/submit`,
    body: () => ({ selfCheck: {} }),
    status: 404,
  },
  {
    route: 'POST /api/practice/attempts/[id]/review',
    as: 'admin',
    method: 'POST',
    path: `/api/practice/attempts/${NOBODYS_ATTEMPT}/review`,
    body: () => ({ marks: {}, comment: '' }),
    status: 404,
  },
  get('GET /api/practice/reviews', '/api/practice/reviews', 200, 'admin'),
  get('GET /api/sessions', '/api/sessions'),
  {
    route: 'DELETE /api/sessions',
    label: 'sign out everywhere else',
    as: 'new-user',
    method: 'DELETE',
    path: '/api/sessions',
    status: 200,
  },
  {
    route: 'DELETE /api/sessions/[handle]',
    label: 'a session that is not theirs',
    as: 'learner',
    method: 'DELETE',
    path: '/api/sessions/0123456789ab',
    status: 404,
  },
  get('GET /api/preferences', '/api/preferences'),
  get('GET /api/calendar-source', '/api/calendar-source', 404),
  {
    // A real read goes out to the network: the example is the refusal before any request.
    route: 'PUT /api/calendar-source',
    label: 'an http:// address',
    as: 'writer',
    method: 'PUT',
    path: '/api/calendar-source',
    body: () => ({ url: 'http://calendar.example.com/private-0000/basic.ics' }),
    status: 400,
  },
  {
    route: 'POST /api/calendar-source/refresh',
    label: 'no calendar connected',
    as: 'writer',
    method: 'POST',
    path: '/api/calendar-source/refresh',
    status: 404,
  },
  {
    route: 'DELETE /api/calendar-source',
    as: 'writer',
    method: 'DELETE',
    path: '/api/calendar-source',
    status: 204,
  },
  {
    route: 'POST /api/calendar-feed/rotate',
    as: 'writer',
    method: 'POST',
    path: '/api/calendar-feed/rotate',
    status: 200,
  },
  {
    // Calendar apps send no session: the learner's cookie goes with it, and the route does not look at it.
    route: 'GET /api/calendar/[token].ics',
    label: 'the learner’s feed',
    as: 'learner',
    method: 'GET',
    path: ({ client }) => learnerFeedPath(client),
    status: 200,
  },
  {
    route: 'GET /api/calendar/[token].ics',
    label: 'an unknown address',
    as: 'anonymous',
    method: 'GET',
    path: `/api/calendar/${DEMO_LINK_USER}_${'A'.repeat(43)}.ics`,
    status: 404,
  },
  get('GET /api/meetings', '/api/meetings'),
  get('GET /api/offline-pages', '/api/offline-pages'),
  {
    route: 'GET /prep/[meetingId]',
    label: 'a meeting not in their calendar',
    as: 'learner',
    method: 'GET',
    path: '/prep/0123456789abcdef0123',
    headers: { Accept: 'text/html' },
    status: 404,
  },
  {
    // The examples' accounts connect no calendar (a read goes out to the network): the meeting is not theirs.
    route: 'PATCH /api/meetings/[id]',
    label: 'a meeting not in their calendar',
    as: 'writer',
    method: 'PATCH',
    path: '/api/meetings/0123456789abcdef0123',
    body: () => ({ persona: '1', segment: '9' }),
    status: 404,
  },
  {
    // The pass itself (a batch over everyone whose hour it is) is measured by `npm run bench:digests`.
    route: 'POST /api/scheduled/send-digests',
    label: 'without the scheduled function’s token',
    as: 'anonymous',
    method: 'POST',
    path: '/api/scheduled/send-digests',
    status: 401,
  },
  {
    route: 'POST /api/content-reports',
    label: 'a first report on a page',
    as: 'new-user',
    method: 'POST',
    path: '/api/content-reports',
    body: () => ({ page: '/product', kind: 'outdated', note: 'The integrations tab misses the new CRM sync.' }),
    status: 201,
  },
  get('GET /api/content-reports', '/api/content-reports', 200, 'admin'),
  {
    route: 'POST /api/content-reports/[id]/close',
    label: 'an unknown report',
    as: 'admin',
    method: 'POST',
    path: `/api/content-reports/${UNKNOWN_REPORT}/close`,
    body: () => ({ reason: 'Fixed in #123' }),
    status: 404,
  },
  {
    route: 'POST /content-reports',
    label: '"Report a problem" without JavaScript',
    as: 'new-user',
    method: 'POST',
    path: '/content-reports',
    form: () => ({ page: '/ideal-customer-profile', kind: 'unclear', note: 'Which tier is a 40-person brokerage?' }),
    status: 303,
  },
  {
    route: 'POST /content-health/close-report',
    label: 'Content health’s Close form, an unknown report',
    as: 'admin',
    method: 'POST',
    path: '/content-health/close-report',
    form: () => ({ id: UNKNOWN_REPORT, reason: 'Fixed in #123' }),
    status: 303,
  },
  {
    route: 'PATCH /api/preferences',
    label: 'the digest hour and time zone',
    as: 'writer',
    method: 'PATCH',
    path: '/api/preferences',
    body: () => ({ digest: 'daily', hour: 8, timeZone: 'Europe/Berlin' }),
    status: 200,
  },
  {
    route: 'POST /api/password',
    label: 'a wrong current password',
    as: 'new-user',
    method: 'POST',
    path: '/api/password',
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'Lantern-orbit-72-quill' }),
    status: 400,
  },
];

export const exampleName = (example: RouteExample) => (example.label ? `${example.route} (${example.label})` : example.route);

async function signedInClient(app: TracedApp, account: { username: string; password: string }): Promise<Client> {
  const client = app.client();
  const response = await client.request('POST', '/api/login', { body: account });
  if (response.status !== 200) throw new Error(`sign-in of ${account.username} failed: ${response.status} ${await response.text()}`);
  return client;
}

async function newUserClient(app: TracedApp): Promise<Client> {
  return (await newAccount(app)).client;
}

/** A registered account, signed in on a client of its own. */
async function newAccount(app: TracedApp): Promise<{ client: Client; username: string; password: string }> {
  const client = app.client();
  const account = { username: `example-${randomUUID().slice(0, 8)}@parcelwise.example`, password: 'correct-horse-battery' };
  const response = await client.request('POST', '/api/register', { body: { ...account, name: 'Example Writer' } });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return { client, ...account };
}

/**
 * The learner's history and the content facts examples need; every request here is untraced set-up.
 * `clients`: how many requests will be in flight at once (that many accounts for the sign-in examples).
 */
export async function prepareExamples(
  app: TracedApp,
  clients = 1,
): Promise<
  Omit<ExampleContext, 'run' | 'client'> & { learner: Client; admin: Client; sessionAccount: { username: string; password: string } }
> {
  const learner = await signedInClient(app, credentials);
  const admin = await signedInClient(app, { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password });
  const lessonIds = new Map<number, number[]>();
  for (let moduleId = 1; moduleId <= 6; moduleId++) {
    const module = (await (await learner.request('GET', `/api/modules/${moduleId}`)).json()) as { content: Array<{ id: number }> };
    lessonIds.set(
      moduleId,
      module.content.map((lesson) => lesson.id),
    );
  }
  const quizzes = (await (await learner.request('GET', '/api/quizzes')).json()) as ExampleContext['quizzes'];
  const accounts = await Promise.all(Array.from({ length: clients + 1 }, () => newAccount(app)));
  const [sessionAccount, ...signInAccounts] = accounts.map(({ username, password }) => ({ username, password }));
  const learnerId = ((await (await learner.request('GET', '/api/user')).json()) as { id: string }).id;
  const ramp = await newAccount(app);
  await admin.request('POST', '/api/program-assignments', {
    body: { username: ramp.username, programId: 'sdr-onboarding', startDate: isoDaysAgo(30) },
  });
  await admin.request('POST', '/api/outcomes', {
    body: { username: ramp.username, milestone: 'first-meeting-booked', date: isoDaysAgo(20) },
  });
  const context = { lessonIds, quizzes, signInAccounts, learnerId, rampUsername: ramp.username };
  // A learner well into the course: two modules' lessons, every quiz taken twice, today's challenge, visits.
  for (const moduleId of [1, 2])
    await learner.request('PATCH', `/api/progress/${moduleId}`, { body: { completedLessons: lessonIds.get(moduleId) } });
  for (let run = 0; run < quizzes.length * 2; run++) {
    await learner.request('POST', '/api/quiz-results', { body: quizAnswers({ ...context, run, client: learner }) });
  }
  const challenge = await currentChallenge(learner);
  await learner.request('POST', '/api/daily-challenge/complete', {
    body: { questionId: challenge.id, answerId: challenge.options[0]!.id },
  });
  for (const pagePath of ['/', '/modules/1', '/quizzes', '/product']) {
    await learner.request('POST', '/api/track-visit', { body: { pagePath, tabId: null, visitDate: new Date().toISOString() } });
  }
  // An onboarding program three days in, its role-play signed off: the home page and /plan show a plan.
  await admin.request('POST', '/api/program-assignments', {
    body: { username: DEMO_USER.username, programId: 'discovery-refresher', startDate: isoDaysAgo(3) },
  });
  await admin.request('POST', '/api/program-signoffs', { body: { username: DEMO_USER.username, itemId: 'discovery-roleplay' } });
  await admin.request('GET', '/api/team-progress'); // the rollup exists (the scheduled refresh keeps it so)
  // A report open on Company Overview: its page shows the line, Content health lists it.
  await learner.request('POST', '/api/content-reports', {
    body: { page: '/company-overview', kind: 'outdated', note: 'The team grew since.' },
  });
  return { ...context, learner, admin, sessionAccount: sessionAccount! };
}

/**
 * The client an example's request is sent with (fresh accounts and sessions are made here, untraced).
 * `writers` accounts take a `writer` example's repetitions in turn (repetition `run` goes to account
 * `run % writers`).
 */
export function clientsFor(
  app: TracedApp,
  prepared: { learner: Client; admin: Client; sessionAccount: { username: string; password: string } },
  writers = 1,
): (example: RouteExample, run: number) => Promise<Client> {
  const writerAccounts = new Map<string, Promise<Client>>();
  return async (example, run) => {
    switch (example.as) {
      case 'learner':
        return prepared.learner;
      case 'admin':
        return prepared.admin;
      case 'anonymous':
        return app.client();
      case 'new-session':
        return signedInClient(app, prepared.sessionAccount);
      case 'new-user':
        return newUserClient(app);
      case 'writer': {
        const key = `${ROUTE_EXAMPLES.indexOf(example)}:${run % writers}`;
        if (!writerAccounts.has(key)) writerAccounts.set(key, newUserClient(app));
        return writerAccounts.get(key)!;
      }
    }
  };
}

/** The path and body of one repetition of an example. */
export async function requestOf(
  example: RouteExample,
  context: ExampleContext,
): Promise<{ path: string; body?: unknown; form?: Record<string, string>; text?: string; headers?: Record<string, string> }> {
  const path = typeof example.path === 'function' ? await example.path(context) : example.path;
  return {
    path,
    ...(example.body ? { body: await example.body(context) } : {}),
    ...(example.form ? { form: example.form(context) } : {}),
    ...(example.text ? { text: example.text(context) } : {}),
    ...(example.headers ? { headers: example.headers } : {}),
  };
}

/** The example of each page a signed-in person opens (its GET that answers 200): accessibility, layout and budget suites walk these. */
export const SIGNED_IN_PAGES: ReadonlyArray<{ route: string; path: string }> = ROUTE_EXAMPLES.flatMap((example) =>
  example.method === 'GET' &&
  !example.route.startsWith('GET /api') &&
  example.status === 200 &&
  example.as !== 'anonymous' &&
  !example.download &&
  typeof example.path === 'string'
    ? [{ route: example.route, path: example.path }]
    : [],
);
