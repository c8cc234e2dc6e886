// The scheduled Netlify Functions (netlify/functions/), called in process as Netlify calls them, against
// a local Blobs server: each is a thin entry over its service, or (send-digests) a call to the site.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scheduledCallToken } from '~/server/http/scheduled-call';
import { teamRollupSchema } from '~/server/team/team-rollup-fold';
import { journal } from '~/server/journal/journal';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { sessions } from '~/server/accounts/storage/sessions';
import { throttleMarks, throttleSubject } from '~/server/storage/throttle-marks';
import { teamRollup } from '~/server/team/storage/team-rollup';
import { users } from '~/server/accounts/storage/users';
import { newAccounts } from '~/server/accounts/storage/new-accounts';
import expireSignInFailures, { config as expireConfig } from '../../netlify/functions/expire-sign-in-failures.mts';
import refreshTeamRollupNow, { config as refreshConfig } from '../../netlify/functions/refresh-team-rollup.mts';
import tidyUsageLogs, { config as tidyConfig } from '../../netlify/functions/tidy-usage-logs.mts';
import { backgroundWorkDone } from '~/server/background';
import { logSearch } from '~/server/search/search-log';
import { searchLog } from '~/server/search/storage/search-log';
import { markPageVisited } from '~/server/team/page-visits';
import { attempts, type AttemptRef } from '~/server/practice/storage/attempts';
import { recordings } from '~/server/practice/storage/recordings';
import { pageVisits, weekOf } from '~/server/team/storage/page-visits';
import sendDigestsNow, { config as digestConfig } from '../../netlify/functions/send-digests.mts';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(() => blobs.stop());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const session = (createdAt: Date) => ({
  createdAt: createdAt.toISOString(),
  expiresAt: new Date(createdAt.getTime() + 7 * 24 * 3600_000).toISOString(),
  address: '10.0.0.1',
  userAgent: 'test',
});

describe('refresh-team-rollup', () => {
  it('runs every 15 minutes and folds the journal into the stored rollup', async () => {
    expect(refreshConfig.schedule).toBe('*/15 * * * *');
    const userId = randomUUID();
    await users.create({
      id: userId,
      username: `scheduled-${userId.slice(0, 8)}@parcelwise.example`,
      name: 'Scheduled Learner',
      role: 'user',
      avatar: null,
      passwordHash: 'x',
      disabled: false,
      sessionVersion: 1,
      createdAt: minutesAgo(60).toISOString(),
    });
    await journal.add(userId, { kind: 'login', recordedAt: minutesAgo(30).toISOString() });
    expect(await teamRollup.get(teamRollupSchema)).toBeNull();

    const response = await refreshTeamRollupNow();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ members: 1, entriesRead: 1 });
    const stored = await teamRollup.get(teamRollupSchema);
    expect(stored?.members[userId]).toMatchObject({ loginCount: 1 });
    expect(stored?.people[userId]).toMatchObject({ name: 'Scheduled Learner' });
  });
});

describe('expire-sign-in-failures', () => {
  it('runs hourly and removes whole expired buckets of failures, expired sessions and new-account marks of days before yesterday, keeping recent ones', async () => {
    expect(expireConfig.schedule).toBe('@hourly');
    const old = throttleSubject.username('old@parcelwise.example');
    const recent = throttleSubject.username('recent@parcelwise.example');
    await throttleMarks.record(old, minutesAgo(60 * 30)); // yesterday or so: a whole day folder
    await throttleMarks.record(old, minutesAgo(35)); // a bucket that ended over 15 minutes ago
    await throttleMarks.record(throttleSubject.inviteCodes('10.0.0.1'), minutesAgo(40));
    await throttleMarks.record(recent, minutesAgo(1));
    const userId = randomUUID();
    await sessions.create(userId, 'a'.repeat(43), session(minutesAgo(7 * 24 * 60 + 5)));
    await sessions.create(userId, 'b'.repeat(43), session(minutesAgo(10)));
    await newAccounts.record(minutesAgo(60 * 24 * 3)); // three days ago: removed
    await newAccounts.record(minutesAgo(60 * 24 * 2 + 60)); // the day before yesterday at least: removed
    await newAccounts.record(minutesAgo(60 * 20)); // inside the last day: kept

    const response = await expireSignInFailures();
    expect(await response.json()).toEqual({ removed: 3, sessionsRemoved: 1, newAccountMarksRemoved: 2 });
    expect(await newAccounts.since(minutesAgo(60 * 24 * 4), new Date())).toHaveLength(1);
    const dayAgo = minutesAgo(60 * 48);
    expect(await throttleMarks.since(old, dayAgo, new Date())).toEqual([]);
    expect(await throttleMarks.since(recent, dayAgo, new Date())).toHaveLength(1);
    const left = await sessions.list(userId);
    expect(left).toHaveLength(1);
    expect(Date.parse(left[0]!.createdAt)).toBeGreaterThan(minutesAgo(11).getTime());
  });
});

/** A recorded attempt reviewed at `reviewedAt`, its recording's deletion planned 90 days after, as the review plans it. */
async function recordedAttempt(reviewedAt: Date): Promise<AttemptRef> {
  const ref = { userId: randomUUID(), scenarioId: 'cold-call-opener-marketing-manager', attemptId: `a${reviewedAt.getTime()}` };
  await recordings.add(ref, new Uint8Array([1, 2, 3]));
  await attempts.add(ref.userId, {
    attemptId: ref.attemptId,
    scenarioId: ref.scenarioId,
    kind: 'audio',
    createdAt: reviewedAt.toISOString(),
    feedback: [],
    audio: { contentType: 'audio/webm', bytes: 3, durationSeconds: 3 },
    submittedAt: reviewedAt.toISOString(),
    review: {
      marks: {},
      comment: 'Good opener.',
      passed: true,
      reviewer: { id: 'admin', name: 'Admin' },
      reviewedAt: reviewedAt.toISOString(),
    },
  });
  await recordings.planDeletion(ref, new Date(reviewedAt.getTime() + 90 * 24 * 60 * 60_000).toISOString().slice(0, 10));
  return ref;
}

describe('tidy-usage-logs', () => {
  it('runs daily: folds closed days of the search log, deletes their events and what is past its time', async () => {
    expect(tidyConfig.schedule).toBe('@daily');
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
    logSearch('zillow', 0, null, 'ana', daysAgo(3));
    logSearch('noi', 5, null, 'ana', daysAgo(3));
    logSearch('ancient', 0, null, 'ana', daysAgo(200));
    logSearch('today', 2, null, 'ana', daysAgo(0));
    await backgroundWorkDone();
    await markPageVisited('/product', daysAgo(120));
    await markPageVisited('/resources', daysAgo(2));
    const reviewedLongAgo = await recordedAttempt(daysAgo(91));
    const reviewedLately = await recordedAttempt(daysAgo(10));

    const response = await tidyUsageLogs();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ daysFolded: 1, searchEventsRemoved: 3, pageVisitMarksRemoved: 1, recordingsDeleted: 1 });
    // A recording 90 days past its review is gone; its attempt keeps the review and says so.
    expect(await recordings.get(reviewedLongAgo)).toBeNull();
    const kept = (await attempts.get(reviewedLongAgo))!.value;
    expect(kept.review?.comment).toBe('Good opener.');
    expect(kept.audio?.deletedAt).toBeDefined();
    expect(await recordings.get(reviewedLately)).toEqual(new Uint8Array([1, 2, 3]));
    expect((await attempts.get(reviewedLately))!.value.audio?.deletedAt).toBeUndefined();
    const closedDay = daysAgo(3).toISOString().slice(0, 10);
    expect(await searchLog.foldedDays()).toEqual([closedDay]);
    expect(await searchLog.eventsOf(closedDay)).toEqual([]);
    expect(await searchLog.eventsOf(daysAgo(0).toISOString().slice(0, 10))).toHaveLength(1);
    expect(await pageVisits.visitedIn([weekOf(daysAgo(120)), weekOf(daysAgo(2))])).toEqual(new Set(['/resources']));
  });
});

describe('send-digests', () => {
  /** A stand-in for the site: records what it is asked and answers `status` with `body`. */
  async function siteAnswering(status: number, body: string) {
    const calls: Array<{ method: string; path: string; headers: IncomingHttpHeaders }> = [];
    const server = createServer((request, response) => {
      calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  const savedUrl = process.env['URL'];
  afterEach(() => {
    if (savedUrl === undefined) delete process.env['URL'];
    else process.env['URL'] = savedUrl;
  });

  it("runs hourly and asks the site (Netlify's URL) to run the pass, with the task's token and nothing else", async () => {
    expect(digestConfig.schedule).toBe('@hourly');
    const summary = '{"hours":["2026-11-26T08:00:00.000Z"],"sent":2}';
    const site = await siteAnswering(200, summary);
    process.env['URL'] = `${site.url}/`;
    try {
      const response = await sendDigestsNow(new Request('http://functions.local/'));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(summary);
      expect(site.calls).toHaveLength(1);
      const [call] = site.calls;
      expect(call).toMatchObject({ method: 'POST', path: '/api/scheduled/send-digests' });
      expect(call!.headers.authorization).toBe(`Bearer ${scheduledCallToken('send-digests')}`);
      expect(call!.headers.cookie).toBeUndefined();
    } finally {
      await site.close();
    }
  });

  it("uses the context's site address without URL, and passes a refusal on", async () => {
    delete process.env['URL'];
    const site = await siteAnswering(403, '{"message":"This token is not the scheduled function’s."}');
    try {
      const response = await sendDigestsNow(new Request('http://functions.local/'), { site: { url: site.url } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'This token is not the scheduled function’s.' });
      expect(site.calls.map((call) => call.path)).toEqual(['/api/scheduled/send-digests']);
    } finally {
      await site.close();
    }
  });

  it('answers 500 naming URL when no site address is known, and 502 when the site does not answer', async () => {
    delete process.env['URL'];
    const unknown = await sendDigestsNow(new Request('http://functions.local/'));
    expect(unknown.status).toBe(500);
    expect(await unknown.json()).toEqual({ message: 'URL is not set: the site to ask for the digest pass is unknown.' });

    const site = await siteAnswering(200, '{}');
    await site.close(); // nothing listens there any more
    process.env['URL'] = site.url;
    const unreachable = await sendDigestsNow(new Request('http://functions.local/'));
    expect(unreachable.status).toBe(502);
    expect(((await unreachable.json()) as { message: string }).message).toMatch(/^No answer from the site: /);
  });
});
