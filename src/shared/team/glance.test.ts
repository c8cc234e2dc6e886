// The glance counts: what each counts, its wording and the filtered table it links to.
import { describe, expect, it } from 'vitest';
import type { TeamMemberRow } from './figures';
import { glanceCounts } from './glance';
import { kept } from './team-table';

const NOW = new Date('2026-11-26T12:00:00Z');
const row = (overrides: Partial<TeamMemberRow>): TeamMemberRow =>
  ({
    name: 'Member',
    lastActive: '2026-11-25T10:00:00.000Z',
    overdueItems: 0,
    practiceWaiting: 0,
    certificate: null,
    ...overrides,
  }) as TeamMemberRow;
const certificate = (expiresAt: string) => ({ title: 'AE', expiresAt, status: 'valid' as const });

describe('glance counts', () => {
  it('counts overdue items and waiting attempts, and the people with an expiring certificate or no recent activity', () => {
    const team = [
      row({ overdueItems: 2, practiceWaiting: 1 }),
      row({ overdueItems: 1, practiceWaiting: 2, certificate: certificate('2026-12-20T00:00:00.000Z') }),
      row({ lastActive: 'null', certificate: certificate('2027-03-01T00:00:00.000Z') }),
      row({ lastActive: '2026-11-18T11:59:00.000Z', certificate: certificate('2026-11-20T00:00:00.000Z') }),
    ];
    expect(glanceCounts(team, NOW).map(({ count, label }) => `${count} ${label}`)).toEqual([
      '3 overdue plan items',
      '1 certificate expiring in 30 days',
      '3 practice attempts waiting for review',
      '2 people with no activity for 7 days',
    ]);
  });

  it('a certificate expiring exactly 30 days on counts; one expired already or later does not', () => {
    const expiring = (at: string) => glanceCounts([row({ certificate: certificate(at) })], NOW)[1]!.count;
    expect(expiring('2026-12-26T12:00:00.000Z')).toBe(1);
    expect(expiring('2026-12-26T12:00:01.000Z')).toBe(0);
    expect(expiring('2026-11-26T12:00:00.000Z')).toBe(0);
  });

  it('an empty team counts zero everywhere, in the plural', () => {
    expect(glanceCounts([], NOW).map(({ count, label }) => `${count} ${label}`)).toEqual([
      '0 overdue plan items',
      '0 certificates expiring in 30 days',
      '0 practice attempts waiting for review',
      '0 people with no activity for 7 days',
    ]);
  });

  it('each links to the table filtered to the people it counts', () => {
    const team = [
      row({ name: 'late', overdueItems: 1 }),
      row({ name: 'expiring', certificate: certificate('2026-12-01T00:00:00.000Z') }),
      row({ name: 'waiting', practiceWaiting: 1 }),
      row({ name: 'away', lastActive: 'null' }),
    ];
    const counts = glanceCounts(team, NOW);
    expect(counts.map(({ href }) => href)).toEqual([
      '/team-progress?filter=overdue#team-table',
      '/team-progress?filter=certificate-expiring#team-table',
      '/team-progress?filter=practice-waiting#team-table',
      '/team-progress?filter=inactive#team-table',
    ]);
    expect(counts.map(({ filter }) => team.filter((member) => kept(member, filter, NOW)).map(({ name }) => name))).toEqual([
      ['late'],
      ['expiring'],
      ['waiting'],
      ['away'],
    ]);
  });
});
