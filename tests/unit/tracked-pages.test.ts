// Every signed-in page is one visit tracking accepts: POST /api/track-visit answers 400 for a path that is
// not a page (services/visits.ts), so a new page missing from src/shared/routes.ts had its visits refused and
// a console error on every view (/review, /search and /content-health did until this test).
import { describe, expect, it } from 'vitest';
import { headerTitle, matchPageRoute, STATIC_PAGES } from '~/shared/routes';
import { siteRoutes } from '~tools/page-routes';

/** Pages outside the signed-in layout (no visit tracking). */
const UNTRACKED = new Set(['/auth', '/404', '/unsubscribe']);

describe('the pages visit tracking knows', () => {
  const pages = siteRoutes().filter((route) => route.kind === 'page' && !UNTRACKED.has(route.pattern));

  it('finds the site’s pages', () => {
    expect(pages.map((route) => route.pattern)).toEqual(expect.arrayContaining(['/', '/review', '/search', '/content-health']));
  });

  it.each(pages.map((route) => route.pattern))('%s is a page for visit tracking', (pattern) => {
    const example = pattern.replace(/\[[^\]]+\]/g, '1');
    expect(matchPageRoute(example)).not.toBeNull();
  });

  it('lists as pages without an id exactly the pages of src/pages that take none', () => {
    const withoutId = pages.filter((route) => !route.pattern.includes('[')).map((route) => route.pattern);
    expect([...STATIC_PAGES].sort()).toEqual(withoutId.sort());
  });
});

describe('header titles', () => {
  const pages = siteRoutes().filter((route) => route.kind === 'page' && !UNTRACKED.has(route.pattern));

  it.each(pages.map((route) => route.pattern))('%s has a header title of its own', (pattern) => {
    const example = pattern.replace(/\[[^\]]+\]/g, '1');
    expect(headerTitle(example)).not.toBe('Onboarding Platform');
  });

  it('a path that is no page keeps the default', () => {
    expect(headerTitle('/somewhere-else')).toBe('Onboarding Platform');
    expect(headerTitle('/sales-kit/nothing-here')).toBe('Onboarding Platform');
  });
});
