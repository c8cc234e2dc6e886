import { describe, expect, it } from 'vitest';
import { challengeWindow } from './window';

const pacific = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

describe('challengeWindow in a time zone', () => {
  it("runs from midnight to noon and noon to midnight on the person's clock", () => {
    const morning = challengeWindow(at('2026-11-04T10:00:00Z'), pacific); // 02:00 PST
    expect(morning).toMatchObject({ id: '2026-11-04T00', nextRefreshHours: '10.0' });
    expect(morning.startsAt.toISOString()).toBe('2026-11-04T08:00:00.000Z');
    expect(morning.endsAt.toISOString()).toBe('2026-11-04T20:00:00.000Z');
    const evening = challengeWindow(at('2026-11-04T20:00:00Z'), pacific);
    expect(evening).toMatchObject({ id: '2026-11-04T12', index: morning.index + 1, nextRefreshHours: '12.0' });
    expect(evening.endsAt.toISOString()).toBe('2026-11-05T08:00:00.000Z');
    expect(challengeWindow(at('2026-11-05T08:00:00Z'), pacific).index).toBe(evening.index + 1);
  });

  it('has a 13-hour morning when the clocks go back and an 11-hour one when they go forward', () => {
    const back = challengeWindow(at('2026-11-01T07:30:00Z'), pacific); // 00:30 PDT
    expect(back.endsAt.getTime() - back.startsAt.getTime()).toBe(13 * 3_600_000);
    expect(back.nextRefreshHours).toBe('12.5');
    const forward = challengeWindow(at('2026-03-08T08:30:00Z'), pacific); // 00:30 PST
    expect(forward.endsAt.getTime() - forward.startsAt.getTime()).toBe(11 * 3_600_000);
  });

  it('is the UTC window without a zone', () => {
    expect(challengeWindow(at('2026-11-04T10:00:00Z'), null)).toEqual(challengeWindow(at('2026-11-04T10:00:00Z')));
    expect(challengeWindow(at('2026-11-04T10:00:00Z'), 'UTC')).toMatchObject({ id: '2026-11-04T00', nextRefreshHours: '2.0' });
  });
});
