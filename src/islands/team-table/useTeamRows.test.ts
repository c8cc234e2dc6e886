// The team table's filters: activity, plans behind or overdue, and plan items due within 7 days.
import { describe, expect, it } from 'vitest';
import type { TeamMemberRow } from '~/lib/team/figures';
import { kept, type Filter } from './useTeamRows';

const NOW = new Date('2026-11-26T12:00:00Z');
const row = (overrides: Partial<TeamMemberRow>): TeamMemberRow =>
  ({ lastActive: '2026-11-25T10:00:00.000Z', planStatus: 'none', dueSoon: 0, ...overrides }) as TeamMemberRow;
const shownUnder = (filter: Filter, rows: Record<string, TeamMemberRow>) =>
  Object.entries(rows)
    .filter(([, candidate]) => kept(candidate, filter, NOW))
    .map(([name]) => name);

describe('team table filters', () => {
  const rows = {
    overdue: row({ planStatus: 'overdue', dueSoon: 1 }),
    behind: row({ planStatus: 'behind', lastActive: '2026-10-01T10:00:00.000Z' }),
    onTrack: row({ planStatus: 'on_track', dueSoon: 2 }),
    certified: row({ planStatus: 'certified' }),
    none: row({ lastActive: 'null' }),
  };

  it('All shows everybody; Active and Inactive split on the last 7 days', () => {
    expect(shownUnder('all', rows)).toEqual(['overdue', 'behind', 'onTrack', 'certified', 'none']);
    expect(shownUnder('active', rows)).toEqual(['overdue', 'onTrack', 'certified']);
    expect(shownUnder('inactive', rows)).toEqual(['behind', 'none']);
  });

  it('Behind or overdue keeps those two plan statuses; Due in the next 7 days keeps members with a required item due soon', () => {
    expect(shownUnder('behind', rows)).toEqual(['overdue', 'behind']);
    expect(shownUnder('due-soon', rows)).toEqual(['overdue', 'onTrack']);
  });
});
