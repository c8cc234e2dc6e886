// Onboarding-program fixtures the programs' unit tests share: a short program and no evidence at all.
import type { Program } from '~/server/content/programs';
import type { PlanEvidence } from '~/server/programs/plan';

/** A program like content/programs/discovery-refresher.yaml: two required items, an optional read, a sign-off on day 14. */
export const DISCOVERY_REFRESHER: Program = {
  id: 'discovery-refresher',
  title: 'Discovery refresher',
  role: 'Rep',
  description: 'Two weeks.',
  lengthDays: 14,
  certificate: { title: 'Current on discovery', validMonths: 6 },
  review: { owner: 'aaliyah-brooks', lastReviewed: '2026-11-01', reviewBy: '2027-05-01' },
  items: [
    {
      id: 'read:/sales-kit/objections',
      kind: 'read',
      title: 'Read the objection library',
      required: true,
      due: 2,
      href: '/sales-kit/objections',
      page: '/sales-kit/objections',
    },
    { id: 'quiz-11', kind: 'quiz', title: 'Pass the quiz', required: true, due: 4, href: '/quizzes/11', quizId: 11 },
    {
      id: 'read:/sales-kit/prospecting',
      kind: 'read',
      title: 'Optional',
      required: false,
      due: 2,
      href: '/sales-kit/prospecting',
      page: '/sales-kit/prospecting',
    },
    {
      id: 'discovery-roleplay',
      kind: 'signoff',
      title: 'Role-play',
      required: true,
      due: 14,
      href: '/plan#item-discovery-roleplay',
      instructions: 'Run it.',
    },
  ],
};

/** Nothing done yet. */
export const noEvidence = (): PlanEvidence => ({
  lessons: new Map(),
  quizPasses: new Map(),
  reads: new Map(),
  signoffs: new Map(),
  mastery: new Map(),
  certificates: new Map(),
  practicePasses: new Map(),
});
