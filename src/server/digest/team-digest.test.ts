// The administrators' weekly part from Team Progress's rows: who is overdue or behind on their plan
// (overdue first), whose certificate expires within 30 days (not before, not once expired), inactivity
// and pace; administrators left out.
import { describe, expect, it } from 'vitest';
import type { TeamMemberRow } from '~/shared/team/figures';
import { memberRow } from '~/shared/team/member-row.fixtures';
import { teamDigestOf } from './team-digest';

const NOW = new Date('2026-11-30T08:00:00.000Z');
let next = 0;

/** A member's row: joined 40 days ago, active yesterday, on pace, no program; `changes` on top. */
function row(name: string, changes: Partial<TeamMemberRow> = {}): TeamMemberRow {
  return memberRow({
    id: `user-${++next}`,
    username: `${name.toLowerCase().replace(/\W+/g, '.')}@parcelwise.example`,
    name,
    progress: 40,
    mastery: 10,
    dailyChallenges: 1,
    loginCount: 2,
    lastActive: '2026-11-29T10:00:00.000Z',
    joinedAt: '2026-10-21T10:00:00.000Z',
    daysInProgram: 40,
    modulesCompleted: 5,
    modulesExpected: 5,
    onTrack: true,
    averageQuizScore: null,
    ...changes,
  });
}
const discovery = { id: 'discovery-refresher', title: 'Discovery refresher' };
const planned = (planStatus: TeamMemberRow['planStatus'], overdueItems: number, planDone: number, planDay: number) => ({
  program: discovery,
  planStatus,
  overdueItems,
  planDone,
  planRequired: 5,
  planDay,
});
const certificate = (expiresAt: string, status: 'valid' | 'expired' | 'renewal_needed' = 'valid') => ({
  certificate: { title: 'Current on discovery', expiresAt, status },
});
const digestOf = (rows: TeamMemberRow[]) =>
  teamDigestOf(rows, { mostMissed: [] }, { pastReview: [], foundNothing: [], readerReportsOpen: 0 }, NOW);

describe('teamDigestOf', () => {
  it('lists the people overdue, then behind, on their plan, each linked to their page; on track, certified and no plan are left out', () => {
    const behind = row('Bea Behind', planned('behind', 0, 1, 9));
    const overdueOne = row('Otto One', planned('overdue', 1, 2, 11));
    const overdueThree = row('Olga Three', planned('overdue', 3, 0, 11));
    const rows = [
      behind,
      overdueOne,
      row('Tom Track', planned('on_track', 0, 3, 9)),
      overdueThree,
      row('Cid Certified', planned('certified', 0, 5, 20)),
      row('Nora None'),
      row('Ada Admin', { ...planned('overdue', 2, 0, 11), admin: true }),
    ];
    expect(digestOf(rows).planBehind).toEqual([
      {
        name: 'Olga Three',
        program: 'Discovery refresher',
        status: 'overdue',
        overdueItems: 3,
        planDone: 0,
        planRequired: 5,
        planDay: 11,
        href: `/team-progress/${overdueThree.id}`,
      },
      {
        name: 'Otto One',
        program: 'Discovery refresher',
        status: 'overdue',
        overdueItems: 1,
        planDone: 2,
        planRequired: 5,
        planDay: 11,
        href: `/team-progress/${overdueOne.id}`,
      },
      {
        name: 'Bea Behind',
        program: 'Discovery refresher',
        status: 'behind',
        overdueItems: 0,
        planDone: 1,
        planRequired: 5,
        planDay: 9,
        href: `/team-progress/${behind.id}`,
      },
    ]);
  });

  it('lists certificates expiring within the next 30 days, soonest first, renewal noted; not later ones, not expired ones, not administrators’', () => {
    const soon = row('Sam Soon', certificate('2026-12-02T09:00:00.000Z'));
    const lastDay = row('Lia Last', certificate('2026-12-30T23:00:00.000Z', 'renewal_needed'));
    const rows = [
      lastDay,
      row('Leo Later', certificate('2026-12-31T09:00:00.000Z')),
      row('Eve Expired', certificate('2026-11-29T09:00:00.000Z', 'expired')),
      soon,
      row('Ada Admin', { ...certificate('2026-12-01T09:00:00.000Z'), admin: true }),
    ];
    const digest = digestOf(rows);
    expect(digest.expiryNoticeDays).toBe(30);
    expect(digest.certificatesExpiring).toEqual([
      { name: 'Sam Soon', title: 'Current on discovery', expiresAt: '2026-12-02', renewalNeeded: false, href: `/team-progress/${soon.id}` },
      {
        name: 'Lia Last',
        title: 'Current on discovery',
        expiresAt: '2026-12-30',
        renewalNeeded: true,
        href: `/team-progress/${lastDay.id}`,
      },
    ]);
  });

  it('keeps inactivity and pace: 7 days without activity (joined before that), modules behind the pace', () => {
    const rows = [
      row('Ina Inactive', { lastActive: '2026-11-23T08:00:00.000Z' }),
      row('Ray Recent', { lastActive: '2026-11-23T08:00:01.000Z' }),
      row('Nia Never', { lastActive: 'null', joinedAt: '2026-11-01T08:00:00.000Z' }),
      row('Jo Joined', { lastActive: 'null', joinedAt: '2026-11-29T08:00:00.000Z' }),
      row('Pat Pace', { onTrack: false, modulesCompleted: 1, modulesExpected: 3 }),
    ];
    const digest = digestOf(rows);
    expect(digest.inactive).toEqual([
      { name: 'Ina Inactive', lastActive: '2026-11-23' },
      { name: 'Nia Never', lastActive: null },
    ]);
    expect(digest.behind).toEqual([{ name: 'Pat Pace', modulesCompleted: 1, modulesExpected: 3 }]);
    expect(digest.planBehind).toEqual([]);
    expect(digest.certificatesExpiring).toEqual([]);
  });

  it('lists the searches that still find nothing, most searched first, at most 10, each linked to the search', () => {
    const foundNothing = Array.from({ length: 12 }, (_, n) => ({
      query: `query ${String(n).padStart(2, '0')}`,
      count: n % 4,
      lastSearched: '2026-11-29',
    }));
    const digest = teamDigestOf(
      [],
      { mostMissed: [] },
      {
        pastReview: [],
        foundNothing: [...foundNothing, { query: 'cap rate & noi', count: 5, lastSearched: '2026-11-24' }],
        readerReportsOpen: 0,
      },
      NOW,
    );
    expect(digest.foundNothingDays).toBe(7);
    expect(digest.foundNothing.map((row) => `${row.query}:${row.count}`)).toEqual([
      'cap rate & noi:5',
      'query 03:3',
      'query 07:3',
      'query 11:3',
      'query 02:2',
      'query 06:2',
      'query 10:2',
      'query 01:1',
      'query 05:1',
      'query 09:1',
    ]);
    expect(digest.foundNothing[0]).toEqual({ query: 'cap rate & noi', count: 5, href: '/search?q=cap%20rate%20%26%20noi' });
  });
});
