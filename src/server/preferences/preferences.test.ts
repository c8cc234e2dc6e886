// Preferences against a local Blobs server: the defaults, a change of some fields, and the 400s naming
// the field (the request schema's for an unknown zone or hour, the service's for the hold's dates).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesSchema, updatePreferencesRequestSchema } from '~/shared/api/preferences';
import { describeZodError } from '~/server/http/response';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { preferences } from './storage/preferences';
import { getPreferences, isHeld, reviewPreferencesOf, turnDigestOff, updatePreferences } from './preferences';

let blobs: LocalBlobs;
beforeAll(async () => void (blobs = await startLocalBlobs()));
afterAll(() => blobs.stop());

const now = new Date('2026-11-20T10:00:00Z');
const refusal = (body: unknown) => {
  const parsed = updatePreferencesRequestSchema.safeParse(body);
  return parsed.success ? null : describeZodError(parsed.error);
};

describe('preferences', () => {
  it('reads a record saved before working days existed as Monday to Friday', async () => {
    const user = randomUUID();
    await preferences.save({
      userId: user,
      digest: 'weekly',
      hour: 9,
      timeZone: null,
      reviewHoldUntil: null,
      updatedAt: now.toISOString(),
    });
    expect(await getPreferences(user)).toMatchObject({ digest: 'weekly', workingDays: [1, 2, 3, 4, 5], callReminders: false });
  });

  it('starts from the defaults and changes only the fields given', async () => {
    const user = randomUUID();
    expect(preferencesSchema.parse(await getPreferences(user))).toEqual({
      digest: 'daily',
      hour: 8,
      timeZone: null,
      reviewHoldUntil: null,
      workingDays: [1, 2, 3, 4, 5],
      callReminders: false,
    });
    await updatePreferences(user, { timeZone: 'America/Los_Angeles', hour: 7 }, now);
    expect(await updatePreferences(user, { digest: 'weekly', reviewHoldUntil: '2026-12-01' }, now)).toEqual({
      digest: 'weekly',
      hour: 7,
      timeZone: 'America/Los_Angeles',
      reviewHoldUntil: '2026-12-01',
      workingDays: [1, 2, 3, 4, 5],
      callReminders: false,
    });
    expect(await updatePreferences(user, { callReminders: true }, now)).toMatchObject({ callReminders: true, digest: 'weekly', hour: 7 });
    // Saved in weekday order, whatever order they came in.
    expect(await updatePreferences(user, { workingDays: [7, 4, 1] }, now)).toMatchObject({ workingDays: [1, 4, 7], digest: 'weekly' });
    expect(await updatePreferences(user, { reviewHoldUntil: null }, now)).toMatchObject({ reviewHoldUntil: null, digest: 'weekly' });
    await turnDigestOff(user, now);
    expect(await getPreferences(user)).toMatchObject({ digest: 'off', hour: 7, callReminders: true });
  });

  it('refuses an unknown zone, an hour outside 0-23, an unknown field or frequency, naming it', () => {
    expect(refusal({ timeZone: 'Mars/Olympus_Mons' })).toBe('timeZone: unknown time zone (use an IANA name such as Europe/Berlin)');
    expect(refusal({ hour: 24 })).toBe('hour: must be a whole hour from 0 to 23');
    expect(refusal({ hour: -1 })).toBe('hour: must be a whole hour from 0 to 23');
    expect(refusal({ hour: 7.5 })).toBe('hour: must be a whole hour from 0 to 23');
    expect(refusal({ digest: 'hourly' })).toBe("digest: must be 'daily', 'weekly' or 'off'");
    expect(refusal({ reviewHoldUntil: '2026-13-01' })).toBe('reviewHoldUntil: must be a date (YYYY-MM-DD) or null');
    expect(refusal({ colour: 'blue' })).toBe('Unknown field: colour');
    expect(refusal({ workingDays: [] })).toBe('workingDays: must name at least one day');
    expect(refusal({ workingDays: [0, 1] })).toBe('workingDays: must be weekday numbers from 1 (Monday) to 7 (Sunday)');
    expect(refusal({ workingDays: [8] })).toBe('workingDays: must be weekday numbers from 1 (Monday) to 7 (Sunday)');
    expect(refusal({ workingDays: [1.5] })).toBe('workingDays: must be weekday numbers from 1 (Monday) to 7 (Sunday)');
    expect(refusal({ workingDays: '1,2' })).toBe('workingDays: must be weekday numbers from 1 (Monday) to 7 (Sunday)');
    expect(refusal({ workingDays: [1, 2, 2] })).toBe('workingDays: must not name a day twice');
    expect(refusal({ callReminders: 'yes' })).toBe('callReminders: must be true or false');
    expect(
      refusal({
        timeZone: 'Asia/Kolkata',
        hour: 0,
        digest: 'off',
        reviewHoldUntil: null,
        workingDays: [7, 1, 2, 3, 4],
        callReminders: true,
      }),
    ).toBeNull();
  });

  it("refuses a hold more than 60 days ahead or already over, on the person's calendar", async () => {
    const user = randomUUID();
    await expect(updatePreferences(user, { reviewHoldUntil: '2027-01-20' }, now)).rejects.toThrow(
      'reviewHoldUntil: must be at most 60 days ahead (2027-01-19 at the latest)',
    );
    await expect(updatePreferences(user, { reviewHoldUntil: '2026-11-19' }, now)).rejects.toThrow(
      'reviewHoldUntil: must be today or later',
    );
    expect(await updatePreferences(user, { reviewHoldUntil: '2027-01-19' }, now)).toMatchObject({ reviewHoldUntil: '2027-01-19' });
    // 02:00 UTC on the 20th is still the 19th in Los Angeles: the 19th is "today" there.
    const west = randomUUID();
    await updatePreferences(west, { timeZone: 'America/Los_Angeles' }, now);
    expect(await updatePreferences(west, { reviewHoldUntil: '2026-11-19' }, new Date('2026-11-20T02:00:00Z'))).toMatchObject({
      reviewHoldUntil: '2026-11-19',
    });
  });

  it('gives the review schedule the hold as a day number, and pauses the digest through its last day', () => {
    expect(reviewPreferencesOf({ reviewHoldUntil: '1970-01-11', timeZone: null, workingDays: [1, 2, 3] })).toEqual({
      holdUntil: 10,
      timeZone: null,
      workingDays: [1, 2, 3],
    });
    const held = { reviewHoldUntil: '2026-11-20', timeZone: 'America/Los_Angeles' };
    expect(isHeld(held, new Date('2026-11-21T07:59:00Z'))).toBe(true); // 23:59 on the 20th in Los Angeles
    expect(isHeld(held, new Date('2026-11-21T08:00:00Z'))).toBe(false);
  });
});
