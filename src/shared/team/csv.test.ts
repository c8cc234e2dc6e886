import { describe, expect, it } from 'vitest';
import { teamProgressCsv } from './csv';
import { memberRow as row } from './member-row.fixtures';

const HEADER =
  '"Name","Username","Program","Plan day","Plan items done","Plan items tested out","Plan items required","Plan status","Overdue items","Joined","Days in the program","Pace","Progress (%)","Mastery (%)","Average quiz score (%)","Pages visited","Quizzes completed","Daily challenges","Logins","Last active"';

describe('teamProgressCsv', () => {
  it('names every column as the page does, percent columns with their unit, and has no internal id', () => {
    const [header, line] = teamProgressCsv([row({})]).split('\r\n');
    expect(header).toBe(HEADER);
    expect(line).toBe(
      `"Ana","a@parcelwise.example",,,,,,"No plan",0,"2026-11-02T09:00:00.000Z",21,"Behind",50,20,85,3,1,2,4,"2026-11-23T10:00:00.000Z"`,
    );
    expect(teamProgressCsv([row({})])).not.toContain('u1');
  });

  it('leaves a missing quiz score, join date or last activity empty; an on-track row says so', () => {
    const line = teamProgressCsv([row({ averageQuizScore: null, joinedAt: null, lastActive: 'null', onTrack: true })]).split('\r\n')[1];
    expect(line).toBe(`"Ana","a@parcelwise.example",,,,,,"No plan",0,,21,"On track",50,20,,3,1,2,4,`);
  });

  it('spells out a plan: program, day, required items done, tested out and required, status, overdue items', () => {
    const line = teamProgressCsv([
      row({
        program: { id: 'sdr-onboarding', title: 'SDR onboarding' },
        planDay: 11,
        planDone: 4,
        planTestedOut: 2,
        planRequired: 24,
        overdueItems: 3,
        planStatus: 'overdue',
      }),
    ]).split('\r\n')[1];
    expect(line?.split(',').slice(2, 9)).toEqual(['"SDR onboarding"', '11', '4', '2', '24', '"Overdue"', '3']);
  });

  it('quotes every text cell, so a semicolon inside a name cannot split it into a formula cell', () => {
    const csv = teamProgressCsv([row({ name: "x;=cmd|' /c calc'!a0;" })]);
    expect(csv.split('\r\n')[1]!.startsWith(`"x;=cmd|' /c calc'!a0;","a@parcelwise.example",`)).toBe(true);
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
        .split(',')[0],
    ).toBe(cell);
  });

  it('neutralises formula starts in usernames too, and keeps numbers bare', () => {
    const line = teamProgressCsv([row({ username: '-x@parcelwise.example' })]).split('\r\n')[1];
    expect(line?.split(',').slice(0, 2)).toEqual([`"Ana"`, `"'-x@parcelwise.example"`]);
    expect(line?.split(',').slice(9, 11)).toEqual([`"2026-11-02T09:00:00.000Z"`, '21']);
  });
});
