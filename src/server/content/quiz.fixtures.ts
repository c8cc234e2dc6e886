// A quiz for tests: reviewed, in Company, for beginners, called after its id; `fields` on top.
import type { Quiz } from './learning';

export const testQuiz = (fields: Pick<Quiz, 'id' | 'questions'> & Partial<Quiz>): Quiz => ({
  review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
  title: `Quiz ${fields.id}`,
  description: 'For tests',
  category: 'Company',
  difficulty: 'beginner',
  ...fields,
});
