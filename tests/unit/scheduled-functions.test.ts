// The scheduled Netlify Functions (netlify/functions/), called in process as Netlify calls them, against
// a local Blobs server: each is a thin entry over its service.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRollupSchema } from '~/lib/server/services/team-rollup';
import { activity } from '~/lib/server/storage/activity';
import { startLocalBlobs, type LocalBlobs } from '~/lib/server/storage/local-server';
import { signInFailures } from '~/lib/server/storage/sign-in-failures';
import { teamRollup } from '~/lib/server/storage/team-rollup';
import { users } from '~/lib/server/storage/users';
import expireSignInFailures, { config as expireConfig } from '../../netlify/functions/expire-sign-in-failures.mts';
import refreshTeamRollupNow, { config as refreshConfig } from '../../netlify/functions/refresh-team-rollup.mts';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(() => blobs.stop());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

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
    await activity.add(userId, { kind: 'login', recordedAt: minutesAgo(30).toISOString() });
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
  it('runs hourly and removes failures older than the 15-minute window, keeping recent ones', async () => {
    expect(expireConfig.schedule).toBe('@hourly');
    await signInFailures.record('user:old@parcelwise.example', minutesAgo(20));
    await signInFailures.record('user:old@parcelwise.example', minutesAgo(16));
    await signInFailures.record('user:recent@parcelwise.example', minutesAgo(1));

    const response = await expireSignInFailures();
    expect(await response.json()).toEqual({ removed: 2 });
    expect(await signInFailures.times('user:old@parcelwise.example')).toEqual([]);
    expect(await signInFailures.times('user:recent@parcelwise.example')).toHaveLength(1);
  });
});
