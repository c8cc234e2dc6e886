import { describe, expect, it } from 'vitest';
import { teamProgressCsv } from './csv';
import type { TeamProgressRow } from './figures';

const row = (overrides: Partial<TeamProgressRow>): TeamProgressRow => ({
  id: 'u1',
  username: 'a@parcelwise.example',
  name: 'Ana',
  progress: 50,
  mastery: 20,
  pagesVisited: 3,
  quizzesCompleted: 1,
  dailyChallenges: 2,
  loginCount: 4,
  lastActive: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

describe('teamProgressCsv', () => {
  it('quotes every text cell, so a semicolon inside a name cannot split it into a formula cell', () => {
    const csv = teamProgressCsv([row({ name: "x;=cmd|' /c calc'!a0;" })]);
    expect(csv.split('\r\n')[1]).toBe(`"u1","x;=cmd|' /c calc'!a0;","a@parcelwise.example",50,20,3,1,2,4,"2026-11-23T10:00:00.000Z"`);
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-2', `"'-2"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTab', `"'\tTab"`],
    ['\rCR', `"'\rCR"`],
    ['say "hi"', `"say ""hi"""`],
  ])('neutralises and quotes %j', (name, cell) => {
    expect(
      teamProgressCsv([row({ name })])
        .split('\r\n')[1]!
        .split(',')[1],
    ).toBe(cell);
  });

  it('neutralises formula starts in every cell, usernames included, and keeps numbers bare', () => {
    const line = teamProgressCsv([row({ id: '=id', username: '-x@parcelwise.example', lastActive: 'null' })]).split('\r\n')[1];
    expect(line).toBe(`"'=id","Ana","'-x@parcelwise.example",50,20,3,1,2,4,"null"`);
  });
});
