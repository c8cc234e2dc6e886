// The plan computed from a program, a start date and the evidence: due dates, statuses, day N, the
// certificate and how a plan stands for Team Progress.
import { describe, expect, it } from 'vitest';
import type { Program } from '~/server/content/programs';
import { noEvidence } from '~tests/support/programs';
import { computePlan, planStatus, type PlanEvidence } from './plan';

const program: Program = {
  id: 'sdr-onboarding',
  title: 'SDR onboarding',
  role: 'Sales development representative',
  description: 'Six weeks.',
  lengthDays: 20,
  certificate: { title: 'Ready for solo discovery calls', validMonths: 12 },
  review: { owner: 'marcus-bell', lastReviewed: '2026-11-01', reviewBy: '2027-05-01' },
  items: [
    {
      id: 'lesson-101',
      kind: 'lesson',
      title: 'Who We Are',
      required: true,
      due: 2,
      href: '/modules/1/lessons/101',
      lessons: [{ moduleId: 1, lessonId: 101, materialRevision: 1 }],
    },
    { id: 'quiz-1', kind: 'quiz', title: 'Pass the quiz', required: true, due: 5, href: '/quizzes/1', quizId: 1 },
    { id: 'read:/personas/3', kind: 'read', title: 'Read Priya', required: false, due: 5, href: '/personas/3', page: '/personas/3' },
    { id: 'mastery-4', kind: 'mastery', title: 'Mastery', required: true, due: 15, href: '/review', moduleId: 4, threshold: 60 },
    {
      id: 'shadow-calls',
      kind: 'signoff',
      title: 'Shadow three calls',
      required: true,
      due: 20,
      href: '/plan#item-shadow-calls',
      instructions: 'Join three.',
    },
  ],
};

const none = noEvidence;
const at = (iso: string) => new Date(iso);
const start = { programId: 'sdr-onboarding', startDate: '2026-11-01' };

describe('computePlan', () => {
  it('dates every item from the start, day 1 on the start day, and nothing done: upcoming, due within 7 days, overdue after', () => {
    const plan = computePlan(program, start, none(), at('2026-11-04T09:00:00Z'));
    expect(plan.day).toBe(4);
    expect(plan.items.map((item) => [item.id, item.dueDate, item.status])).toEqual([
      ['lesson-101', '2026-11-03', 'overdue'],
      ['quiz-1', '2026-11-06', 'due'],
      ['read:/personas/3', '2026-11-06', 'due'],
      ['mastery-4', '2026-11-16', 'upcoming'],
      ['shadow-calls', '2026-11-21', 'upcoming'],
    ]);
    expect(plan).toMatchObject({ required: 4, requiredDone: 0, overdue: 1, certificate: null, certificateToIssue: null });
    expect(computePlan(program, start, none(), at('2026-10-30T09:00:00Z')).day).toBe(0);
  });

  it('counts days on the person’s calendar: late evening in Los Angeles is still the due day there', () => {
    const evening = at('2026-11-04T05:00:00Z'); // 21:00 on November 3 in Los Angeles
    expect(computePlan(program, start, none(), evening).items[0]).toMatchObject({ dueDate: '2026-11-03', status: 'overdue' });
    expect(computePlan(program, start, none(), evening, 'America/Los_Angeles').items[0]).toMatchObject({
      dueDate: '2026-11-03',
      status: 'due',
    });
    expect(computePlan(program, start, none(), evening, 'America/Los_Angeles').day).toBe(3);
  });

  it('counts what was done before the assignment, with its time; a lesson only on the revision that counts', () => {
    const evidence = {
      ...none(),
      lessons: new Map([['1/101', at('2026-10-20T10:00:00Z')]]),
      reads: new Map([['/personas/3', at('2026-11-02T08:00:00Z')]]),
    };
    const plan = computePlan(program, start, evidence, at('2026-11-04T09:00:00Z'));
    expect(plan.items[0]).toMatchObject({ status: 'done', doneAt: '2026-10-20T10:00:00.000Z' });
    expect(plan.items[2]).toMatchObject({ status: 'done', doneAt: '2026-11-02T08:00:00.000Z' });
    expect(plan.overdue).toBe(0);
    const revised = {
      ...program,
      items: [{ ...program.items[0]!, lessons: [{ moduleId: 1, lessonId: 101, materialRevision: 2 }] } as Program['items'][number]],
    };
    expect(computePlan(revised, start, evidence, at('2026-11-04T09:00:00Z')).items[0]!.status).toBe('overdue');
    const redone = { ...evidence, lessons: new Map([['1/101.r3', at('2026-11-03T10:00:00Z')]]) };
    expect(computePlan(revised, start, redone, at('2026-11-04T09:00:00Z')).items[0]!.status).toBe('done');
  });

  it('a quiz passed, mastery at the threshold and a sign-off complete the plan: the certificate dates from the last of them', () => {
    const evidence: PlanEvidence = {
      ...none(),
      lessons: new Map([['1/101', at('2026-11-02T10:00:00Z')]]),
      quizPasses: new Map([[1, at('2026-11-05T10:00:00Z')]]),
      mastery: new Map([[4, { percent: 60, latestAnswer: at('2026-11-10T00:00:00Z') }]]),
      signoffs: new Map([['sdr-onboarding/shadow-calls', { at: at('2026-11-12T15:30:00Z'), byName: 'Ada Admin', note: 'Great notes' }]]),
    };
    const plan = computePlan(program, start, evidence, at('2026-11-13T09:00:00Z'));
    expect(plan.items.filter((item) => item.required).every((item) => item.status === 'done')).toBe(true);
    expect(plan.items[4]).toMatchObject({ signedOffBy: 'Ada Admin', signoffNote: 'Great notes' });
    expect(plan.certificateToIssue?.toISOString()).toBe('2026-11-12T15:30:00.000Z');
    expect(plan.certificate).toEqual({
      title: 'Ready for solo discovery calls',
      issuedAt: '2026-11-12T15:30:00.000Z',
      expiresAt: '2027-11-12T15:30:00.000Z',
      status: 'valid',
      testedOut: 0,
    });
    expect(planStatus(plan)).toBe('certified');
    // The optional read is not needed; mastery below the threshold is not done.
    const below = { ...evidence, mastery: new Map([[4, { percent: 59, latestAnswer: at('2026-11-10T00:00:00Z') }]]) };
    expect(computePlan(program, start, below, at('2026-11-13T09:00:00Z')).certificateToIssue).toBeNull();
  });

  it('a recorded certificate stays when mastery fades, needs renewal when a required lesson changes, and expires', () => {
    const issued: PlanEvidence = {
      ...none(),
      lessons: new Map([['1/101', at('2026-11-02T10:00:00Z')]]),
      certificates: new Map([['sdr-onboarding/2026-11-01', at('2026-11-12T15:30:00Z')]]),
    };
    const later = computePlan(program, start, issued, at('2027-01-10T09:00:00Z'));
    expect(later.certificate?.status).toBe('valid');
    expect(later.certificateToIssue).toBeNull();
    const revised = {
      ...program,
      items: [{ ...program.items[0]!, lessons: [{ moduleId: 1, lessonId: 101, materialRevision: 2 }] } as Program['items'][number]],
    };
    expect(computePlan(revised, start, issued, at('2027-01-10T09:00:00Z')).certificate?.status).toBe('renewal_needed');
    expect(computePlan(program, start, issued, at('2027-11-12T00:00:00Z')).certificate?.status).toBe('expired');
    expect(computePlan(program, start, issued, at('2027-11-11T23:00:00Z')).certificate?.status).toBe('valid');
  });

  it('plan status: overdue before behind; behind when fewer required items are done than the days gone by would have', () => {
    expect(planStatus(null)).toBe('none');
    expect(planStatus(computePlan(program, start, none(), at('2026-11-04T09:00:00Z')))).toBe('overdue');
    // Day 3 of 20: 2 days gone, 4 required → 0 expected: on track with nothing done.
    const early = computePlan(program, { ...start, startDate: '2026-11-02' }, none(), at('2026-11-03T09:00:00Z'));
    expect(planStatus(early)).toBe('on_track');
    // Day 11 of 20 with the lesson and quiz done: 10 days gone → 2 expected: on track; with only the lesson: behind.
    const lessonOnly = { ...none(), lessons: new Map([['1/101', at('2026-11-02T10:00:00Z')]]) };
    const both = { ...lessonOnly, quizPasses: new Map([[1, at('2026-11-05T10:00:00Z')]]) };
    const tooLate = at('2026-11-11T09:00:00Z');
    expect(planStatus(computePlan(program, start, both, tooLate))).toBe('on_track');
    expect(computePlan(program, start, lessonOnly, tooLate).overdue).toBe(1); // the quiz, due day 5
    const noQuiz = { ...program, items: program.items.filter((item) => item.id !== 'quiz-1') };
    expect(planStatus(computePlan(noQuiz, start, lessonOnly, at('2026-11-15T09:00:00Z')))).toBe('behind');
  });

  it('a practice item is done by the first passing review of its scenario, and completes the plan like any item', () => {
    const practice = {
      id: 'practice-cold-call-opener-marketing-manager',
      kind: 'practice',
      title: 'Practise "Cold-call opener" and pass its review',
      required: true,
      due: 10,
      href: '/practice/cold-call-opener-marketing-manager',
      scenarioId: 'cold-call-opener-marketing-manager',
    } as Program['items'][number];
    const withPractice: Program = { ...program, items: [practice] };
    const before = computePlan(withPractice, start, none(), at('2026-11-12T09:00:00Z'));
    expect(before.items[0]).toMatchObject({ status: 'overdue', doneAt: null });
    const passed: PlanEvidence = {
      ...none(),
      practicePasses: new Map([
        ['cold-call-opener-marketing-manager', at('2026-11-09T14:00:00Z')],
        ['voicemail-property-management-director', at('2026-11-08T14:00:00Z')],
      ]),
    };
    const after = computePlan(withPractice, start, passed, at('2026-11-12T09:00:00Z'));
    expect(after.items[0]).toMatchObject({ status: 'done', doneAt: '2026-11-09T14:00:00.000Z' });
    expect(after.certificateToIssue?.toISOString()).toBe('2026-11-09T14:00:00.000Z');
  });
});
