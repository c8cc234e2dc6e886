// The digest's plan part: required items overdue and due today, and a certificate expiring within 14 days.
import { describe, expect, it } from 'vitest';
import { DISCOVERY_REFRESHER, noEvidence } from '~tests/support/programs';
import { computePlan } from './plan';
import { planDigestOf } from './plan-digest';

const program = DISCOVERY_REFRESHER;
const none = noEvidence();
const start = { programId: 'discovery-refresher', startDate: '2026-11-01' };

describe('planDigestOf', () => {
  it('lists required items overdue and due today (optional ones never), with their links', () => {
    const plan = computePlan(program, start, none, new Date('2026-11-05T08:00:00Z'));
    expect(planDigestOf(plan, '2026-11-05')).toEqual({
      overdue: [{ title: 'Read the objection library', dueDate: '2026-11-03', href: '/sales-kit/objections' }],
      dueToday: [{ title: 'Pass the quiz', dueDate: '2026-11-05', href: '/quizzes/11' }],
      certificateExpiring: null,
    });
  });

  it('tells of a certificate expiring within 14 days, not before and not once expired', () => {
    const certified = { ...none, certificates: new Map([['discovery-refresher/2026-11-01', new Date('2026-11-10T12:00:00Z')]]) };
    const on = (day: string) => planDigestOf(computePlan(program, start, certified, new Date(`${day}T08:00:00Z`)), day).certificateExpiring;
    expect(on('2027-04-25')).toBeNull();
    expect(on('2027-04-26')).toEqual({ title: 'Current on discovery', expiresAt: '2027-05-10' });
    expect(on('2027-05-09')).toEqual({ title: 'Current on discovery', expiresAt: '2027-05-10' });
    expect(on('2027-05-10')).toBeNull();
  });
});
