// What people see of the memory model and of content revisions, rendered by the components the pages use:
// a reopened lesson's note on the home page's module card and on the module page, predicted recall and
// "likely to forget soon", and "Sure" / "Not sure" in the /review form (exact texts of docs/product.md).
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ModuleDetail from '~/components/learning/ModuleDetail.astro';
import ModuleProgressCard from '~/components/learning/ModuleProgressCard.astro';
import ReopenedNote from '~/components/learning/ReopenedNote.astro';
import ReviewQuestionForm from '~/components/review/ReviewQuestionForm.astro';
import type { Module } from '~/server/content/learning';

const module: Module = {
  id: 1,
  title: 'Company',
  description: 'Who we are.',
  duration: 10,
  lessonCount: 2,
  order: 1,
  lessons: [
    {
      id: 101,
      title: 'Who We Are',
      type: 'article',
      duration: 5,
      order: 1,
      revision: 2,
      materialRevision: 2,
      changeNote: 'The mission changed.',
    },
    { id: 102, title: 'Values', type: 'article', duration: 5, order: 2 },
  ],
  review: { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewBy: '2027-09-01' },
  placementPass: 80,
};
const reopened = [{ id: 101, title: 'Who We Are', changeNote: 'The mission changed.' }];
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a lesson reopened by a material change', () => {
  it('says so with the change note on the lesson, the module page and the home page', async () => {
    const container = await AstroContainer.create();
    expect(text(await container.renderToString(ReopenedNote, { props: { changeNote: 'The mission changed.' } }))).toContain(
      'Updated since you completed it: The mission changed.',
    );
    const card = text(
      await container.renderToString(ModuleProgressCard, {
        props: {
          module,
          number: 1,
          completedCount: 1,
          status: 'in_progress',
          reopened,
          mastery: { percent: 50, questions: 4, recall: 83 },
        },
      }),
    );
    expect(card).toContain('Who We Are: Updated since you completed it: The mission changed.');
    expect(card).toContain('Predicted recall today: 83%');
    const page = await container.renderToString(ModuleDetail, {
      props: {
        module,
        completedLessons: [102],
        Intro: null,
        review: null,
        reopened,
        mastery: { percent: 50, questions: 4, recall: 83 },
        forgettingSoon: [
          { id: '1:q1', quizTitle: 'Company Essentials', text: 'When was Parcelwise founded?', recall: 0.84, date: '2031-06-03' },
        ],
      },
    });
    expect(text(page)).toContain('Updated since you completed it: The mission changed.');
    expect(page.match(/data-testid="lesson-reopened"/g)).toHaveLength(1);
    expect(text(page)).toContain('Mastery: the share of the questions whose predicted recall 21 days from now is at least 90%.');
    expect(text(page)).toContain('Likely to forget soon');
    expect(text(page)).toContain('Company Essentials · Predicted recall 84% today; under 80% from June 3, 2031.');
  });
});

describe('the /review form', () => {
  it('offers "Sure" / "Not sure" beside the answer, optional, and shows the predicted recall', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ReviewQuestionForm, {
      props: {
        question: { id: '1:q1', quizTitle: 'Company Essentials', text: 'Q?', options: [{ id: 'a', text: 'A' }], recall: 0.72 },
        action: '/review?done=0&right=0',
        position: 'Question 1 of 3',
      },
    });
    expect(text(html)).toContain('How sure are you? (optional) Sure Not sure');
    expect(html).toMatch(/<input type="radio"[^>]*name="confidence" value="sure"/);
    expect(html).toMatch(/<input type="radio"[^>]*name="confidence" value="unsure"/);
    expect(html).not.toMatch(/name="confidence"[^>]*required/);
    expect(text(html)).toContain('Predicted recall today: 72%');
  });
});
