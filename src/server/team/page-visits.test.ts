// Pages nobody visits, against a local Blobs server and the real content: a page is listed until a visit
// marks it in a week overlapping the last 90 days; aliases count for their page; old weeks are deleted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { getReadingPages } from '~/server/content/site-pages';
import { removeOldPageVisits } from './page-visit-weeks';
import { markPageVisited, unvisitedPages } from './page-visits';
import { pageVisits, weekOf } from './storage/page-visits';

let blobs: LocalBlobs;
beforeEach(async () => {
  blobs = await startLocalBlobs();
});
afterEach(() => blobs.stop());

const NOW = new Date('2031-03-15T12:00:00.000Z'); // a Saturday
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000);
const paths = async () => (await unvisitedPages(NOW, await getReadingPages())).pages.map((page) => page.path);

describe('weekOf', () => {
  it('is the Monday of the UTC week', () => {
    expect(weekOf(new Date('2031-03-15T12:00:00Z'))).toBe('2031-03-10'); // Saturday
    expect(weekOf(new Date('2031-03-16T23:59:59Z'))).toBe('2031-03-10'); // Sunday
    expect(weekOf(new Date('2031-03-17T00:00:00Z'))).toBe('2031-03-17'); // Monday
    expect(weekOf(new Date('2031-01-01T08:00:00Z'))).toBe('2030-12-30'); // across a year
  });
});

describe('unvisitedPages', () => {
  it('lists every reading page while nothing was counted, and says so', async () => {
    const all = await getReadingPages();
    const result = await unvisitedPages(NOW, await getReadingPages());
    expect(result).toMatchObject({ countedSince: null, complete: false });
    expect(result.pages).toEqual(all);
    expect(all.map((page) => page.path)).toEqual(expect.arrayContaining(['/company-overview', '/modules/2', '/modules/2/lessons/203']));
    expect(all.find((page) => page.path === '/modules/2/lessons/203')?.linkFrom).toEqual({
      title: 'Commercial Real Estate Fundamentals',
      path: '/modules/2',
    });
    expect(all.find((page) => page.path === '/company-overview')?.linkFrom).toBeNull();
  });

  it('leaves out a page visited within 90 days, under any of its paths; a visit of 100 days ago does not count', async () => {
    await markPageVisited('/modules/2/lessons/203', daysAgo(10));
    await markPageVisited('/industry-knowledge/3', daysAgo(80)); // the module page /modules/3
    await markPageVisited('/segments/9', daysAgo(1)); // the segment page /buyer-segments/9
    await markPageVisited('/modules/4', daysAgo(100));
    const unvisited = await paths();
    expect(unvisited).not.toContain('/modules/2/lessons/203');
    expect(unvisited).not.toContain('/modules/3');
    expect(unvisited).not.toContain('/buyer-segments/9');
    expect(unvisited).toContain('/modules/4');
    expect(unvisited).toContain('/modules/2');
    expect(unvisited).not.toContain('/industry-knowledge/3');
    const result = await unvisitedPages(NOW, await getReadingPages());
    expect(result).toMatchObject({ countedSince: weekOf(daysAgo(100)), complete: true });
  });

  it('says the list is incomplete while visits were counted for less than 90 days', async () => {
    await markPageVisited('/product', daysAgo(20));
    expect(await unvisitedPages(NOW, await getReadingPages())).toMatchObject({ countedSince: weekOf(daysAgo(20)), complete: false });
  });
});

describe('removeOldPageVisits', () => {
  it('deletes the weeks before the 90 days and keeps the rest', async () => {
    await markPageVisited('/product', daysAgo(200));
    await markPageVisited('/resources', daysAgo(97)); // a week that ended before the 90 days
    await markPageVisited('/quizzes', daysAgo(91)); // a week that overlaps them
    await markPageVisited('/sales-kit', daysAgo(0));
    expect(await removeOldPageVisits(NOW)).toBe(2);
    expect(await pageVisits.visitedIn([weekOf(daysAgo(200)), weekOf(daysAgo(97))])).toEqual(new Set());
    expect(await pageVisits.visitedIn([weekOf(daysAgo(91)), weekOf(daysAgo(0))])).toEqual(new Set(['/quizzes', '/sales-kit']));
  });
});
