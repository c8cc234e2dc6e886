// The route table of SPEC §2: header titles and the sidebar's items, in one place.

/**
 * Header titles by path pattern, exactly the spec's list. Routes the spec lists without a title
 * (/quizzes, /team-progress, /sales-situations, /buyer-segments/{id}, /industry-knowledge/{id}) get the
 * default like any other path; their pages carry their own headings (docs/decisions.md).
 */
const HEADER_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, 'Learning Dashboard'],
  [/^\/company-overview$/, 'Company Overview'],
  [/^\/industry-knowledge$/, 'Industry Knowledge'],
  [/^\/industry-knowledge\/[^/]+$/, 'Module Details'],
  [/^\/buyer-segments$/, 'Buyer Segments'],
  [/^\/segments\/[^/]+$/, 'Segment Details'],
  [/^\/ideal-customer-profile$/, 'Ideal Customer Profile'],
  [/^\/product$/, 'Product Features & Integrations'],
  [/^\/modules\/[^/]+$/, 'Module Details'],
  [/^\/personas\/[^/]+$/, 'Persona Details'],
  [/^\/resources$/, 'Resources'],
  [/^\/content-management$/, 'Content Management'],
];

const DEFAULT_HEADER_TITLE = 'Onboarding Platform';

/** The header title of a path (SPEC §2): listed titles, then 'Onboarding Platform' for anything else. */
export function headerTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return HEADER_TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_HEADER_TITLE;
}

export interface NavItem {
  label: string;
  href: string;
  icon: string;
  adminOnly?: boolean;
  /** Highlight for every path below href too (SPEC §2: Quizzes for any path starting with /quizzes). */
  matchPrefix?: boolean;
}

export const LEARNING_PATH: readonly NavItem[] = [
  { label: 'Dashboard', href: '/', icon: 'home' },
  { label: 'Company Overview', href: '/company-overview', icon: 'building' },
  { label: 'Industry Knowledge', href: '/industry-knowledge', icon: 'book', matchPrefix: true },
  { label: 'Buyer Segments', href: '/buyer-segments', icon: 'users', matchPrefix: true },
  { label: 'Ideal Customer Profile', href: '/ideal-customer-profile', icon: 'target' },
  { label: 'Product', href: '/product', icon: 'layers' },
  { label: 'Resources', href: '/resources', icon: 'folder' },
  { label: 'Quizzes', href: '/quizzes', icon: 'check', matchPrefix: true },
  { label: 'Review', href: '/review', icon: 'clock' },
  { label: 'Team Progress', href: '/team-progress', icon: 'chart', adminOnly: true },
];

export const SALES_ITEMS: readonly NavItem[] = [{ label: 'Sales Situations', href: '/sales-situations', icon: 'chat' }];

export function isActive(item: NavItem, pathname: string): boolean {
  if (item.href === '/') return pathname === '/';
  return pathname === item.href || (item.matchPrefix === true && pathname.startsWith(`${item.href}/`));
}

/** Paths served to signed-out visitors: the sign-in page and public assets. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/_astro/') || pathname === '/favicon.svg' || pathname === '/robots.txt';
}
