// The pass's pre-selection from the team's figures: who may have something in their digest (a review
// card due today, a plan item overdue or due today on their calendar, a certificate expiring soon, an
// administrator's Monday, someone the figures do not know yet), and nobody else; then the same from
// records written as the site writes them, through the team rollup.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Preferences } from '~/shared/api/preferences';
import { getPrograms } from '~/server/content/programs';
import { foldAnswers } from '~/shared/review/memory';
import { createUser } from '~/server/accounts/accounts';
import { backgroundWorkDone } from '~/server/background';
import { DEFAULT_PREFERENCES } from '~/server/preferences/preferences';
import { recordAssignment } from '~/server/programs/assignment';
import { getQuestionBank } from '~/server/review/question-bank';
import { recordAnswers } from '~/server/review/review-state';
import { storeCards } from '~/server/review/cards';
import { emptyFigures, type MemberFigures } from '~/server/team/team-rollup-fold';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { teamRollup } from '~/server/team/storage/team-rollup';
import { teamRollupSchema } from '~/server/team/team-rollup-fold';
import { digestCandidates, teamFiguresForDigest, type DigestCandidate, type TeamFiguresForDigest } from './candidates';

const NOW = new Date('2026-12-02T08:00:00.000Z'); // a Wednesday
const DAY = 24 * 60 * 60 * 1000;

let team: TeamFiguresForDigest;
let firstKey: string;
beforeAll(async () => {
  const [bank, programs] = await Promise.all([getQuestionBank(), getPrograms()]);
  firstKey = bank.questions[0]!.key;
  team = { members: {}, people: {}, bank, programs: new Map(programs.map((program) => [program.id, program])), withCalendar: new Set() };
});

/** Figures whose one card was answered `correct` at `at`. */
const answered = (correct: boolean, at: Date, key = firstKey): Pick<MemberFigures, 'cards'> => ({
  cards: storeCards(foldAnswers({}, [{ questionKey: key, correct, confidence: null, at: at.getTime(), revision: 1 }])),
});

/** The team's figures with these members (admins as said), and whom of them the pass would read. */
function selected(
  members: Record<string, Partial<MemberFigures> & { admin?: boolean }>,
  people: Array<Partial<DigestCandidate> & { userId: string }>,
  figures: Partial<TeamFiguresForDigest> = {},
  now = NOW,
): string[] {
  const withMembers: TeamFiguresForDigest = {
    ...team,
    members: Object.fromEntries(
      Object.entries(members).map(([id, { admin: _admin, ...member }]) => [id, { ...emptyFigures(), ...member }]),
    ),
    people: Object.fromEntries(Object.entries(members).map(([id, { admin }]) => [id, { admin }])),
    ...figures,
  };
  const asked = people.map((person) => ({ preferences: DEFAULT_PREFERENCES, personal: true, monday: false, ...person }));
  return [...digestCandidates(withMembers, asked, now)].sort();
}

describe('digestCandidates', () => {
  it('reads people with a calendar connected (their day may have calls) when their own part is due, not on a day it is not', () => {
    const members = { calendar: {}, none: {} };
    const figures = { withCalendar: new Set(['calendar']) };
    expect(selected(members, [{ userId: 'calendar' }, { userId: 'none' }], figures)).toEqual(['calendar']);
    expect(selected(members, [{ userId: 'calendar', personal: false }], figures)).toEqual([]);
  });

  it('reads people with a review card due today, not those whose cards are not due, nor those who never answered', () => {
    const members = {
      wrongYesterday: answered(false, new Date(NOW.getTime() - DAY)),
      rightYesterday: answered(true, new Date(NOW.getTime() - DAY)),
      rightLongAgo: answered(true, new Date(NOW.getTime() - 60 * DAY)),
      never: {},
    };
    const ids = Object.keys(members).map((userId) => ({ userId }));
    expect(selected(members, ids)).toEqual(['rightLongAgo', 'wrongYesterday']);
  });

  it('reads people whose card was reset by a material change of its question (due at once)', () => {
    const members = { changed: answered(true, new Date(NOW.getTime() - DAY)) };
    expect(selected(members, [{ userId: 'changed' }])).toEqual([]);
    const materialRevisions = new Map([...team.bank.materialRevisions, [firstKey, 9]]);
    expect(selected(members, [{ userId: 'changed' }], { bank: { ...team.bank, materialRevisions } })).toEqual(['changed']);
  });

  it('reads people whose plan has an item overdue or due today on their calendar, not one just started', () => {
    const started = (days: number) => ({
      assignment: { programId: 'discovery-refresher', startDate: new Date(NOW.getTime() - days * DAY).toISOString().slice(0, 10) },
    });
    // Discovery refresher: the first item is due 2 days after the start.
    const members = {
      overdue: started(3),
      dueToday: started(2),
      justStarted: started(0),
      unknownProgram: { assignment: { programId: 'gone', startDate: '2026-11-01' } },
    };
    expect(
      selected(
        members,
        Object.keys(members).map((userId) => ({ userId })),
      ),
    ).toEqual(['dueToday', 'overdue']);
    // 08:00 UTC is still the day before in Honolulu: due tomorrow there, nothing today.
    const honolulu: Preferences = { ...DEFAULT_PREFERENCES, timeZone: 'Pacific/Honolulu' };
    expect(selected(members, [{ userId: 'dueToday', preferences: honolulu }])).toEqual([]);
  });

  it('reads people whose certificate expires within 14 days', () => {
    // Every item of the committed program done, at the start of June.
    const program = parse(readFileSync('content/programs/discovery-refresher.yaml', 'utf8')) as {
      items: Array<{ kind: string; page?: string; lessonId?: number; quizId?: number; id?: string }>;
    };
    const keyOf = (item: (typeof program.items)[number]) =>
      item.kind === 'read'
        ? `read:${item.page}`
        : item.kind === 'lesson'
          ? `lesson:${Math.floor(item.lessonId! / 100)}/${item.lessonId}`
          : item.kind === 'quiz'
            ? `quiz:${item.quizId}`
            : `signoff:discovery-refresher/${item.id}`;
    const everythingDone = Object.fromEntries(program.items.map((item) => [keyOf(item), '2026-06-03T09:00:00.000Z']));
    const certified = (issuedAt: string) => ({
      assignment: { programId: 'discovery-refresher', startDate: '2026-06-01' },
      planEvidence: { ...everythingDone, 'certificate:discovery-refresher/2026-06-01': issuedAt },
    });
    const members = { soon: certified('2026-06-10T09:00:00.000Z'), later: certified('2026-06-20T09:00:00.000Z') };
    expect(selected(members, [{ userId: 'soon' }, { userId: 'later' }])).toEqual(['soon']);
  });

  it('reads administrators on their Monday (the team part), and anybody the figures do not know yet; nobody’s own part when it is not due', () => {
    const members = { admin: { admin: true }, learner: answered(false, new Date(NOW.getTime() - DAY)) };
    expect(selected(members, [{ userId: 'admin', monday: true }, { userId: 'learner', monday: true }, { userId: 'newcomer' }])).toEqual([
      'admin',
      'learner',
      'newcomer',
    ]);
    expect(selected(members, [{ userId: 'admin' }, { userId: 'learner', personal: false, monday: true }])).toEqual([]);
  });
});

describe('teamFiguresForDigest over stored records', () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
  });
  afterAll(async () => {
    await backgroundWorkDone();
    await blobs.stop();
  });

  const person = (name: string, role: 'user' | 'admin' = 'user') =>
    createUser({ username: `${randomUUID().slice(0, 8)}@parcelwise.example`, password: null, name, role, createdBy: 'sso' });

  it('selects from what the site recorded: a wrong answer yesterday, an overdue plan, an administrator on Monday', async () => {
    const bank = await getQuestionBank();
    const item = bank.questions[0]!;
    const wrong = item.question.options.find((option) => !option.isCorrect)!;
    const [learner, idle, planned, admin] = await Promise.all([person('Lee'), person('Ida'), person('Pia'), person('Ada', 'admin')]);
    const answer = { quizId: item.quiz.id, questionId: item.question.id, optionId: wrong.id, correct: false, confidence: null };
    await recordAnswers(
      learner.id,
      [{ ...answer, revision: item.revision, materialRevision: item.materialRevision }],
      'quiz',
      new Date('2026-11-29T15:00:00Z'),
    );
    await recordAssignment(
      { id: admin.id, name: admin.name },
      planned,
      [],
      'discovery-refresher',
      '2026-11-20',
      new Date('2026-11-20T09:00:00Z'),
    );

    const monday = new Date('2026-11-30T08:00:00Z');
    const figures = await teamFiguresForDigest(monday);
    const everyone = [learner, idle, planned, admin].map((user) => ({
      userId: user.id,
      preferences: DEFAULT_PREFERENCES,
      personal: true,
      monday: true,
    }));
    expect([...digestCandidates(figures, everyone, monday)].sort()).toEqual([learner.id, planned.id, admin.id].sort());
    const tuesday = new Date('2026-12-01T08:00:00Z');
    const onTuesday = everyone.map((entry) => ({ ...entry, monday: false }));
    expect([...digestCandidates(await teamFiguresForDigest(tuesday), onTuesday, tuesday)].sort()).toEqual([learner.id, planned.id].sort());
  });

  it('never saves the team rollup: a pass run at a later time (--now) leaves the watermark where the clock is', async () => {
    await backgroundWorkDone();
    const before = await teamRollup.get(teamRollupSchema);
    await teamFiguresForDigest(new Date(Date.now() + 2 * 24 * 3600_000));
    await backgroundWorkDone();
    expect(await teamRollup.get(teamRollupSchema)).toEqual(before);
  });
});
