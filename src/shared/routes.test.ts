import { describe, expect, it } from 'vitest';
import { canonicalPagePath, headerTitle, matchPageRoute, withoutTrailingSlashes } from './routes';

describe('withoutTrailingSlashes', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/product/', '/product'],
    ['/product///', '/product'],
    ['/a//b/', '/a//b'],
  ])('%s → %s', (path, expected) => expect(withoutTrailingSlashes(path)).toBe(expected));

  it('is linear: 200,000 slashes before a letter (the old regex took seconds for 32,000) finish at once', () => {
    // No timing assertion: with the quadratic regex this test would run for minutes and hit the test timeout.
    const path = `${'/'.repeat(200_000)}x`;
    expect(withoutTrailingSlashes(path)).toBe(path);
    expect(headerTitle(path)).toBe('Onboarding Platform');
    expect(headerTitle(`/product${'/'.repeat(200_000)}`)).toBe('Product Features & Integrations');
  });
});

describe('matchPageRoute', () => {
  it.each([
    ['/', { page: 'static' }],
    ['/team-progress/', { page: 'static' }],
    ['/buyer-segments/8', { page: 'segment', id: 8 }],
    ['/segments/9', { page: 'segment', id: 9 }],
    ['/industry-knowledge/3', { page: 'module', id: 3 }],
    ['/modules/2/lessons/5', { page: 'lesson', moduleId: 2, lessonId: 5 }],
    ['/modules/2/placement', { page: 'module', id: 2 }],
    ['/personas/1', { page: 'persona', id: 1 }],
    ['/quizzes/4', { page: 'quiz', id: 4 }],
  ])('%s is a page', (path, route) => expect(matchPageRoute(path)).toEqual(route));

  it.each([
    '/no/such/page',
    '/modules/0',
    '/modules/01',
    '/modules/1234567890',
    '/api/user',
    '/auth',
    '/content-management',
    '/modules/1/lessons',
  ])('%s is not', (path) => expect(matchPageRoute(path)).toBeNull());
});

describe('canonicalPagePath', () => {
  it.each([
    ['/industry-knowledge/3', '/modules/3'],
    ['/industry-knowledge/3/', '/modules/3'],
    ['/segments/9', '/buyer-segments/9'],
    ['/modules/2', '/modules/2'],
    ['/sales-kit/pricing/', '/sales-kit/pricing'],
    ['/modules/2/lessons/5', '/modules/2/lessons/5'],
    ['/no/such/page/', '/no/such/page'],
    ['/', '/'],
  ])('%s shows %s', (path, page) => expect(canonicalPagePath(path)).toBe(page));
});
