// The reading pages content health checks for visits: every page of src/pages that shows material is one
// of them (a new page cannot go unwatched), the learner's tools and the administrators' pages are not,
// and every page with an id is there once per entry.
import { describe, expect, it } from 'vitest';
import { getModules, getQuizzes } from '~/server/content/learning';
import { getPersonas, getSegments } from '~/server/content/buyers';
import { getReadingPages, STATIC_READING_PAGES } from '~/server/content/site-pages';
import { matchPageRoute } from '~/shared/routes';
import { siteRoutes } from '~tools/page-routes';

/**
 * Pages that are tools, not material: the dashboard, review, search, settings, a person's plan and
 * certificate, what a deploy preview changed, the digest's unsubscribe page, practice (where a rep answers,
 * not reads), a module's placement check, and the administrators'.
 */
const NOT_READING = new Set([
  '/',
  '/review',
  '/search',
  '/settings',
  '/plan',
  '/plan/certificate',
  '/changes',
  '/unsubscribe',
  '/team-progress',
  '/team-progress/[id]',
  '/content-health',
  '/practice',
  '/practice/[id]',
  '/practice/attempts/[id]',
  '/practice/reviews',
  '/modules/[id]/placement',
  '/prep/[meetingId]',
  '/auth',
  '/404',
]);
/** Pages that show another page's material under a second path. */
const ALIASES = new Set(['/segments/[id]', '/industry-knowledge/[id]']);

describe('the reading pages', () => {
  it('are every page without an id that shows material, each a page visit tracking accepts', () => {
    const staticPages = siteRoutes()
      .filter((route) => route.kind === 'page' && !route.pattern.includes('[') && !NOT_READING.has(route.pattern))
      .map((route) => route.pattern);
    expect(STATIC_READING_PAGES.map((page) => page.path).sort()).toEqual(staticPages.sort());
    for (const page of STATIC_READING_PAGES) expect(matchPageRoute(page.path), page.path).toEqual({ page: 'static' });
  });

  it('hold every module, lesson, segment, persona and quiz once, each linked from where readers find it', async () => {
    const [pages, modules, segments, personas, quizzes] = await Promise.all([
      getReadingPages(),
      getModules(),
      getSegments(),
      getPersonas(),
      getQuizzes(),
    ]);
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    const count = (kind: string) => pages.filter((page) => page.kind === kind).length;
    expect(count('module')).toBe(modules.length);
    expect(count('lesson')).toBe(modules.reduce((sum, module) => sum + module.lessons.length, 0));
    expect(count('segment')).toBe(segments.length);
    expect(count('persona')).toBe(personas.length);
    expect(count('quiz')).toBe(quizzes.length);
    for (const page of pages) {
      expect(matchPageRoute(page.path), page.path).not.toBeNull();
      if (page.linkFrom) expect(paths.includes(page.linkFrom.path) || page.linkFrom.path === '/', page.path).toBe(true);
    }
    const pagePatterns = siteRoutes().filter((route) => route.kind === 'page' && route.pattern.includes('['));
    const shown = new Set(pages.map((page) => page.path.replace(/\/\d+/g, '/[id]').replace(/lessons\/\[id\]$/, 'lessons/[lessonId]')));
    for (const route of pagePatterns)
      if (!ALIASES.has(route.pattern) && !NOT_READING.has(route.pattern)) expect(shown.has(route.pattern), route.pattern).toBe(true);
  });
});
