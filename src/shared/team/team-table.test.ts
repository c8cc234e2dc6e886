// The team table's sort, filters, Find and pages, and its URL (one implementation for the page and the CSV).
import { describe, expect, it } from 'vitest';
import type { TeamMemberRow } from './figures';
import {
  DEFAULT_TABLE_STATE,
  kept,
  nextSort,
  PAGE_SIZE,
  sortedRows,
  tableQuery,
  teamMembers,
  teamTablePage,
  type TeamFilter,
  type TeamTableState,
} from './team-table';

const NOW = new Date('2026-11-26T12:00:00Z');
const row = (overrides: Partial<TeamMemberRow>): TeamMemberRow =>
  ({
    id: 'u',
    name: 'Member',
    username: 'member@parcelwise.example',
    lastActive: '2026-11-25T10:00:00.000Z',
    joinedAt: '2026-11-01T10:00:00.000Z',
    planStatus: 'none',
    overdueItems: 0,
    dueSoon: 0,
    planTestedOut: 0,
    practiceWaiting: 0,
    practicePassed: 0,
    pagesVisited: 0,
    averageQuizScore: null,
    onTrack: true,
    admin: false,
    ...overrides,
  }) as TeamMemberRow;
const state = (overrides: Partial<TeamTableState>): TeamTableState => ({ ...DEFAULT_TABLE_STATE, ...overrides });
const names = (rows: TeamMemberRow[]) => rows.map((r) => r.name);

describe('team table filters', () => {
  const rows = {
    overdue: row({ planStatus: 'overdue', dueSoon: 1 }),
    behind: row({ planStatus: 'behind', lastActive: '2026-10-01T10:00:00.000Z' }),
    onTrack: row({ planStatus: 'on_track', dueSoon: 2 }),
    certified: row({ planStatus: 'certified' }),
    none: row({ lastActive: 'null' }),
  };
  const shownUnder = (filter: TeamFilter) =>
    Object.entries(rows)
      .filter(([, candidate]) => kept(candidate, filter, NOW))
      .map(([name]) => name);

  it('All shows everybody; Active and Inactive split on the last 7 days', () => {
    expect(shownUnder('all')).toEqual(['overdue', 'behind', 'onTrack', 'certified', 'none']);
    expect(shownUnder('active')).toEqual(['overdue', 'onTrack', 'certified']);
    expect(shownUnder('inactive')).toEqual(['behind', 'none']);
  });

  it('Behind or overdue keeps those two plan statuses; Due in the next 7 days keeps members with a required item due soon', () => {
    expect(shownUnder('behind')).toEqual(['overdue', 'behind']);
    expect(shownUnder('due-soon')).toEqual(['overdue', 'onTrack']);
  });
});

describe('team table sort and Find', () => {
  const team = [
    row({ name: 'Cleo', username: 'cleo@parcelwise.example', pagesVisited: 5, planStatus: 'behind', lastActive: 'null' }),
    row({ name: 'ana', username: 'ana@parcelwise.example', pagesVisited: 9, planStatus: 'overdue', overdueItems: 1 }),
    row({ name: 'Ben', username: 'ben.two@parcelwise.example', pagesVisited: 5, planStatus: 'overdue', overdueItems: 3 }),
    row({ name: 'Ben', username: 'ben.one@parcelwise.example', pagesVisited: 1, averageQuizScore: 80 }),
  ];

  it('names A–Z by default, ties by username; figures sort by value with ties by name', () => {
    expect(sortedRows(team, state({}), NOW).map((r) => r.username)).toEqual([
      'ana@parcelwise.example',
      'ben.one@parcelwise.example',
      'ben.two@parcelwise.example',
      'cleo@parcelwise.example',
    ]);
    const byPages = sortedRows(team, state({ sort: { key: 'pagesVisited', direction: 'descending' } }), NOW);
    expect(byPages.map((r) => `${r.name} ${r.pagesVisited}`)).toEqual(['ana 9', 'Ben 5', 'Cleo 5', 'Ben 1']);
    const ascending = sortedRows(team, state({ sort: { key: 'pagesVisited', direction: 'ascending' } }), NOW);
    expect(ascending.map((r) => `${r.name} ${r.pagesVisited}`)).toEqual(['Ben 1', 'Ben 5', 'Cleo 5', 'ana 9']);
  });

  it('the plan highest first puts overdue on top (most overdue items first); never active and no quiz score sort lowest', () => {
    expect(names(sortedRows(team, state({ sort: { key: 'planStatus', direction: 'descending' } }), NOW))).toEqual([
      'Ben',
      'ana',
      'Cleo',
      'Ben',
    ]);
    expect(names(sortedRows(team, state({ sort: { key: 'lastActive', direction: 'ascending' } }), NOW))[0]).toBe('Cleo');
    expect(names(sortedRows(team, state({ sort: { key: 'averageQuizScore', direction: 'descending' } }), NOW))[0]).toBe('Ben');
  });

  it('a new column starts with names A–Z and figures highest first; the sorted column flips', () => {
    expect(nextSort({ key: 'progress', direction: 'descending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'progress')).toEqual({ key: 'progress', direction: 'descending' });
    expect(nextSort({ key: 'progress', direction: 'descending' }, 'progress')).toEqual({ key: 'progress', direction: 'ascending' });
    expect(nextSort({ key: 'name', direction: 'descending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });

  it('Find keeps names or e-mails containing the text, in any case, trimmed; with the filter', () => {
    expect(names(sortedRows(team, state({ find: '  BEN ' }), NOW))).toEqual(['Ben', 'Ben']);
    expect(names(sortedRows(team, state({ find: 'two@' }), NOW))).toEqual(['Ben']);
    expect(names(sortedRows(team, state({ find: 'ben', filter: 'behind' }), NOW))).toEqual(['Ben']);
    expect(sortedRows(team, state({ find: 'nobody' }), NOW)).toEqual([]);
  });

  it('administrators are left out of the team', () => {
    expect(teamMembers([row({ name: 'Admin', admin: true }), row({ name: 'Member' })]).map((r) => r.name)).toEqual(['Member']);
  });
});

describe('team table pages', () => {
  const team = Array.from({ length: 2 * PAGE_SIZE + 3 }, (_, i) => row({ id: `u${i}`, name: `Member ${String(i).padStart(3, '0')}` }));

  it('shows 25 rows a page, the last page the rest, and counts every row kept', () => {
    const first = teamTablePage(team, state({}), NOW);
    expect(first).toMatchObject({ shown: 53, page: 1, pages: 3 });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.name).toBe('Member 000');
    const last = teamTablePage(team, state({ page: 3 }), NOW);
    expect(last.rows.map((r) => r.name)).toEqual(['Member 050', 'Member 051', 'Member 052']);
  });

  it('a page past the last shows the last; an empty table is one page with no rows', () => {
    expect(teamTablePage(team, state({ page: 99 }), NOW)).toMatchObject({ page: 3, pages: 3 });
    expect(teamTablePage(team, state({ page: 0 }), NOW)).toMatchObject({ page: 1 });
    expect(teamTablePage(team, state({ find: 'nobody' }), NOW)).toEqual({ rows: [], shown: 0, page: 1, pages: 1 });
  });
});

describe('the table state in a URL', () => {
  it('leaves out the defaults, so the plain page is /team-progress', () => {
    expect(tableQuery(DEFAULT_TABLE_STATE)).toBe('');
    expect(tableQuery(state({ find: '   ' }))).toBe('');
  });

  it('names the sort with its direction, the Find text, the filter and the page; the CSV leaves out the page', () => {
    const everything = state({ sort: { key: 'progress', direction: 'ascending' }, find: ' ana & co ', filter: 'due-soon', page: 2 });
    expect(tableQuery(everything)).toBe('?sort=progress&direction=ascending&find=ana+%26+co&filter=due-soon&page=2');
    expect(tableQuery(everything, false)).toBe('?sort=progress&direction=ascending&find=ana+%26+co&filter=due-soon');
    expect(tableQuery(state({ sort: { key: 'name', direction: 'descending' } }))).toBe('?sort=name&direction=descending');
  });
});
