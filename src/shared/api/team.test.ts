// The team table's URL: the page falls back to defaults on bad values; the CSV route refuses them (400 naming the field).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_STATE } from '~/shared/team/team-table';
import { csvTableState, pageTableState, teamCsvQuerySchema } from './team';

const page = (query: string) => pageTableState(new URLSearchParams(query));

describe('pageTableState', () => {
  it('reads every field of a good URL', () => {
    expect(page('sort=lastActive&direction=ascending&find=%20Ana%20&filter=behind&page=3')).toEqual({
      sort: { key: 'lastActive', direction: 'ascending' },
      find: 'Ana',
      filter: 'behind',
      page: 3,
    });
  });

  it('without a direction a column sorts in its first: names A–Z, figures highest first', () => {
    expect(page('sort=progress').sort).toEqual({ key: 'progress', direction: 'descending' });
    expect(page('sort=name').sort).toEqual({ key: 'name', direction: 'ascending' });
    expect(page('')).toEqual(DEFAULT_TABLE_STATE);
  });

  it.each([
    ['an unknown column', 'sort=admin&direction=descending', { sort: { key: 'name', direction: 'descending' } }],
    ['a column named by its label', 'sort=Pages%20visited', { sort: DEFAULT_TABLE_STATE.sort }],
    ['an unknown direction', 'sort=mastery&direction=up', { sort: { key: 'mastery', direction: 'descending' } }],
    ['an unknown filter', 'filter=everyone', { filter: 'all' }],
    ['a page of zero', 'page=0', { page: 1 }],
    ['a negative page', 'page=-2', { page: 1 }],
    ['a fractional page', 'page=1.5', { page: 1 }],
    ['a page that is no number', 'page=two', { page: 1 }],
    ['an empty page', 'page=', { page: 1 }],
    ['a Find text over 100 characters', `find=${'a'.repeat(101)}`, { find: '' }],
  ])('falls back to the default for %s', (_case, query, expected) => {
    expect(page(query)).toEqual({ ...DEFAULT_TABLE_STATE, ...expected });
  });

  it('reads the first of repeated parameters and ignores unknown ones', () => {
    expect(page('filter=active&filter=behind&utm_source=mail')).toEqual({ ...DEFAULT_TABLE_STATE, filter: 'active' });
  });
});

describe('teamCsvQuerySchema', () => {
  it('defaults to every member by name and resolves the direction of the column', () => {
    expect(csvTableState(teamCsvQuerySchema.parse({}))).toEqual(DEFAULT_TABLE_STATE);
    expect(csvTableState(teamCsvQuerySchema.parse({ sort: 'loginCount', find: ' ben ', filter: 'inactive' }))).toEqual({
      sort: { key: 'loginCount', direction: 'descending' },
      find: 'ben',
      filter: 'inactive',
      page: 1,
    });
  });

  it.each([
    [{ sort: 'admin' }, 'sort', 'must be one of name, planStatus, joinedAt'],
    [{ direction: 'up' }, 'direction', 'must be ascending or descending'],
    [
      { filter: 'everyone' },
      'filter',
      'must be one of all, active, inactive, behind, due-soon, overdue, certificate-expiring, practice-waiting',
    ],
    [{ find: 'a'.repeat(101) }, 'find', 'must be at most 100 characters'],
  ])('refuses %o', (query, field, message) => {
    const parsed = teamCsvQuerySchema.safeParse(query);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [field], message: expect.stringContaining(message) as unknown });
  });

  it('refuses a page: the CSV holds every page', () => {
    expect(teamCsvQuerySchema.safeParse({ page: '2' }).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['page'] });
  });
});
