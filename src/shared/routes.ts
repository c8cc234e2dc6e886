// The route table of docs/product.md "Header titles" and "Sidebar": header titles and the sidebar's items, in one place.

/**
 * Header titles by path pattern, first match wins: every page of the site has its own (docs/product.md
 * "Header titles"); `Content Management` names a path that has no page. Anything else, such as a mistyped
 * path, gets the default.
 */
const HEADER_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, 'Learning Dashboard'],
  [/^\/company-overview$/, 'Company Overview'],
  [/^\/industry-knowledge$/, 'Industry Knowledge'],
  [/^\/industry-knowledge\/[^/]+$/, 'Module Details'],
  [/^\/buyer-segments$/, 'Buyer Segments'],
  [/^\/(buyer-)?segments\/[^/]+$/, 'Segment Details'],
  [/^\/ideal-customer-profile$/, 'Ideal Customer Profile'],
  [/^\/product$/, 'Product Features & Integrations'],
  [/^\/modules\/[^/]+$/, 'Module Details'],
  [/^\/modules\/[^/]+\/lessons\/[^/]+$/, 'Lesson'],
  [/^\/modules\/[^/]+\/placement$/, 'Placement Check'],
  [/^\/personas$/, 'Personas'],
  [/^\/personas\/[^/]+$/, 'Persona Details'],
  [/^\/resources$/, 'Resources'],
  [/^\/content-management$/, 'Content Management'],
  [/^\/quizzes$/, 'Quizzes'],
  [/^\/quizzes\/[^/]+$/, 'Quiz'],
  [/^\/review$/, 'Review'],
  [/^\/sales-situations$/, 'Sales Situations'],
  [/^\/search$/, 'Search'],
  [/^\/team-progress$/, 'Team Progress'],
  [/^\/team-progress\/[^/]+$/, 'Team Member'],
  [/^\/content-health$/, 'Content Health'],
  [/^\/changes$/, 'Changed in This Preview'],
  [/^\/settings$/, 'Settings'],
  [/^\/plan$/, 'My Plan'],
  [/^\/plan\/certificate$/, 'Certificate'],
  [/^\/sales-kit$/, 'Sales Kit'],
  [/^\/sales-kit\/discovery-questions$/, 'Discovery Questions'],
  [/^\/sales-kit\/case-studies$/, 'Case Studies'],
  [/^\/sales-kit\/objections$/, 'Objections'],
  [/^\/sales-kit\/pricing$/, 'Pricing and Packaging'],
  [/^\/sales-kit\/it-security$/, 'IT and Security'],
  [/^\/sales-kit\/demo-scripts$/, 'Demo Scripts'],
  [/^\/sales-kit\/prospecting$/, 'Prospecting'],
  [/^\/sales-kit\/outreach$/, 'Calls and E-mails'],
  [/^\/sales-kit\/battlecards$/, 'Battlecards'],
  [/^\/sales-kit\/deal-templates$/, 'Deal Templates'],
  [/^\/practice$/, 'Practice'],
  [/^\/practice\/reviews$/, 'Practice Reviews'],
  [/^\/practice\/attempts\/[^/]+$/, 'Practice Attempt'],
  [/^\/practice\/[^/]+$/, 'Practice Scenario'],
  [/^\/prep\/[^/]+$/, 'Prepare for a Call'],
];

const DEFAULT_HEADER_TITLE = 'Onboarding Platform';

/**
 * The path without trailing slashes ('/' stays '/'). A loop, not a regex: `/\/+$/` backtracks from every
 * slash of a long run of slashes not at the end, which is quadratic (seconds for 32,000 slashes).
 */
export function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47 /* '/' */) end--;
  return pathname.slice(0, end);
}

/** The header title of a path (docs/product.md "Header titles"): listed titles, then 'Onboarding Platform' for anything else. */
export function headerTitle(pathname: string): string {
  const path = withoutTrailingSlashes(pathname);
  return HEADER_TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_HEADER_TITLE;
}

/** The pages of the site that take no id (tests/unit/tracked-pages.test.ts checks the list against src/pages). */
export const STATIC_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/company-overview',
  '/industry-knowledge',
  '/buyer-segments',
  '/personas',
  '/ideal-customer-profile',
  '/product',
  '/resources',
  '/quizzes',
  '/review',
  '/sales-situations',
  '/search',
  '/team-progress',
  '/content-health',
  '/changes',
  '/settings',
  '/plan',
  '/plan/certificate',
  '/sales-kit',
  '/sales-kit/discovery-questions',
  '/sales-kit/case-studies',
  '/sales-kit/objections',
  '/sales-kit/pricing',
  '/sales-kit/it-security',
  '/sales-kit/demo-scripts',
  '/sales-kit/prospecting',
  '/sales-kit/outreach',
  '/sales-kit/battlecards',
  '/sales-kit/deal-templates',
  '/practice',
  '/practice/reviews',
]);

/** What an account id looks like (a UUID; letters, digits and hyphens): the id of a person's page under /team-progress. */
export const isAccountId = (text: string): boolean => /^[A-Za-z0-9-]{1,64}$/.test(text);

/** A page route a path names: which page, and its ids (still to be checked against the content). */
export type PageRoute =
  | { page: 'static' }
  | { page: 'segment' | 'module' | 'persona' | 'quiz'; id: number }
  | { page: 'lesson'; moduleId: number; lessonId: number }
  /** A team member's page (administrators): the id is an account id, not checked here. */
  | { page: 'person' }
  /** A practice scenario's page: its slug, still to be checked against the content. */
  | { page: 'scenario'; scenarioId: string }
  /** A practice attempt's page (its owner or an administrator): the id is not checked here. */
  | { page: 'attempt' }
  /** A meeting's prep page (its owner only): the id is not checked here. */
  | { page: 'prep' };

/** A practice attempt's page: its id (`<user>.<scenario>.<attempt>`) is checked by the page. */
const ATTEMPT_PAGE = /^\/practice\/attempts\/[A-Za-z0-9._-]{1,320}$/;
const PREP_PAGE = /^\/prep\/[0-9a-f]{1,40}$/;
const SCENARIO_PAGE = /^\/practice\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

const ID = '([1-9]\\d{0,8})';
const ROUTES_WITH_IDS: ReadonlyArray<readonly [RegExp, (ids: number[]) => PageRoute]> = [
  [new RegExp(`^/(?:buyer-segments|segments)/${ID}$`), ([id]) => ({ page: 'segment', id: id! })],
  [new RegExp(`^/(?:modules|industry-knowledge)/${ID}$`), ([id]) => ({ page: 'module', id: id! })],
  [new RegExp(`^/modules/${ID}/placement$`), ([id]) => ({ page: 'module', id: id! })],
  [new RegExp(`^/modules/${ID}/lessons/${ID}$`), ([moduleId, lessonId]) => ({ page: 'lesson', moduleId: moduleId!, lessonId: lessonId! })],
  [new RegExp(`^/personas/${ID}$`), ([id]) => ({ page: 'persona', id: id! })],
  [new RegExp(`^/quizzes/${ID}$`), ([id]) => ({ page: 'quiz', id: id! })],
];

/** The page route of a path (trailing slashes ignored), or null when no page of the site has that shape. */
export function matchPageRoute(pathname: string): PageRoute | null {
  const path = withoutTrailingSlashes(pathname);
  if (STATIC_PAGES.has(path)) return { page: 'static' };
  if (path.startsWith('/team-progress/') && isAccountId(path.slice('/team-progress/'.length))) return { page: 'person' };
  if (ATTEMPT_PAGE.test(path)) return { page: 'attempt' };
  if (PREP_PAGE.test(path)) return { page: 'prep' };
  const scenario = SCENARIO_PAGE.exec(path);
  if (scenario) return { page: 'scenario', scenarioId: scenario[1]! };
  for (const [pattern, toRoute] of ROUTES_WITH_IDS) {
    const match = pattern.exec(path);
    if (match) return toRoute(match.slice(1).map(Number));
  }
  return null;
}

/**
 * The address of the page a path shows, as the reading pages name it (trailing slashes ignored):
 * /segments/{id} and /industry-knowledge/{id} are aliases of /buyer-segments/{id} and /modules/{id}.
 */
export function canonicalPagePath(pathname: string): string {
  const route = matchPageRoute(pathname);
  if (route?.page === 'segment') return `/buyer-segments/${route.id}`;
  if (route?.page === 'module') return `/modules/${route.id}`;
  return withoutTrailingSlashes(pathname);
}

export interface NavItem {
  label: string;
  href: string;
  icon: string;
  adminOnly?: boolean;
  /** Highlight for every path below href too (docs/product.md "Sidebar": Quizzes for any path starting with /quizzes). */
  matchPrefix?: boolean;
  /** A count shown beside the label (administrators' items): which one the layout reads. */
  badge?: 'practiceWaiting';
}

export const LEARNING_PATH: readonly NavItem[] = [
  { label: 'Dashboard', href: '/', icon: 'home' },
  { label: 'My Plan', href: '/plan', icon: 'flag', matchPrefix: true },
  { label: 'Company Overview', href: '/company-overview', icon: 'building' },
  { label: 'Industry Knowledge', href: '/industry-knowledge', icon: 'book', matchPrefix: true },
  { label: 'Buyer Segments', href: '/buyer-segments', icon: 'users', matchPrefix: true },
  { label: 'Personas', href: '/personas', icon: 'user', matchPrefix: true },
  { label: 'Ideal Customer Profile', href: '/ideal-customer-profile', icon: 'target' },
  { label: 'Product', href: '/product', icon: 'layers' },
  { label: 'Resources', href: '/resources', icon: 'folder' },
  { label: 'Quizzes', href: '/quizzes', icon: 'check', matchPrefix: true },
  { label: 'Review', href: '/review', icon: 'clock' },
  { label: 'Team Progress', href: '/team-progress', icon: 'chart', adminOnly: true },
];

export const SALES_ITEMS: readonly NavItem[] = [
  { label: 'Sales Situations', href: '/sales-situations', icon: 'chat' },
  { label: 'Sales Kit', href: '/sales-kit', icon: 'briefcase', matchPrefix: true },
  { label: 'Practice', href: '/practice', icon: 'mic', matchPrefix: true },
  { label: 'Practice reviews', href: '/practice/reviews', icon: 'award', adminOnly: true, badge: 'practiceWaiting' },
];

export function isActive(item: NavItem, pathname: string): boolean {
  if (item.href === '/') return pathname === '/';
  // The reviews page is its own item, not part of Practice's prefix.
  if (item.href === '/practice' && pathname === '/practice/reviews') return false;
  return pathname === item.href || (item.matchPrefix === true && pathname.startsWith(`${item.href}/`));
}

/** Paths served to signed-out visitors: the sign-in page and public assets. */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === '/auth' ||
    pathname === '/auth/sso' ||
    pathname === '/auth/callback' ||
    pathname === '/auth/preview-callback' ||
    pathname === '/unsubscribe' ||
    pathname.startsWith('/_astro/') ||
    pathname === '/favicon.svg' ||
    pathname === '/robots.txt'
  );
}
