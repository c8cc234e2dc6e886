// One route of every kind a signed-in person can open: the accessibility suite and the page benchmark
// (scripts/bench/pages.ts) walk the same list.
export const SIGNED_IN_ROUTES = [
  '/',
  '/company-overview',
  '/industry-knowledge',
  '/buyer-segments',
  '/buyer-segments/8',
  '/ideal-customer-profile',
  '/product',
  '/resources',
  '/personas/1',
  '/modules/1',
  '/modules/5/lessons/503',
  '/quizzes',
  '/quizzes/1',
  '/review',
  '/sales-situations',
  '/team-progress',
  '/search?q=NNN',
  '/content-health',
] as const;
