import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, localTime, zonedInstant } from './time-zone';

const pacific = 'America/Los_Angeles';

describe('time zones', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(65))).toBe(false);
  });

  it('reads the wall clock, weekday included', () => {
    expect(localTime(new Date('2026-11-02T16:30:00Z'), pacific)).toEqual({ date: '2026-11-02', hour: 8, minute: 30, weekday: 1 });
    expect(localTime(new Date('2026-11-02T03:00:00Z'), pacific)).toEqual({ date: '2026-11-01', hour: 19, minute: 0, weekday: 0 });
    expect(localTime(new Date('2026-11-02T03:00:00Z'), null)).toEqual({ date: '2026-11-02', hour: 3, minute: 0, weekday: 1 });
  });

  it('finds the instant of a wall-clock hour, on the days the clocks change too', () => {
    expect(zonedInstant('2026-07-01', 8, pacific).toISOString()).toBe('2026-07-01T15:00:00.000Z'); // PDT
    expect(zonedInstant('2026-12-01', 8, pacific).toISOString()).toBe('2026-12-01T16:00:00.000Z'); // PST
    expect(zonedInstant('2026-03-08', 8, pacific).toISOString()).toBe('2026-03-08T15:00:00.000Z'); // spring forward
    expect(zonedInstant('2026-11-01', 8, pacific).toISOString()).toBe('2026-11-01T16:00:00.000Z'); // fall back
    // 02:00 does not exist on the spring-forward day: the end of the gap (03:00 PDT).
    expect(zonedInstant('2026-03-08', 2, pacific).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    // 01:00 happens twice on the fall-back day: the first one (PDT).
    expect(zonedInstant('2026-11-01', 1, pacific).toISOString()).toBe('2026-11-01T08:00:00.000Z');
    expect(zonedInstant('2026-11-01', 8, 'Asia/Kolkata').toISOString()).toBe('2026-11-01T02:30:00.000Z');
    expect(zonedInstant('2026-11-01', 8, null).toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-02', 60)).toBe('2027-01-01');
  });
});
