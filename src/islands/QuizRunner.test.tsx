// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicQuiz, SubmitQuizResponse } from '~/shared/api/quizzes';
import type { ToastText } from '~/shared/toast';
import QuizRunner, { progressPercent } from './QuizRunner';

const quiz: PublicQuiz = {
  id: 3,
  title: 'Test quiz',
  description: 'd',
  category: 'Company',
  difficulty: 'beginner',
  questions: [
    {
      id: 'q1',
      text: 'First?',
      options: [
        { id: 'a', text: 'Alpha' },
        { id: 'b', text: 'Beta' },
      ],
    },
    {
      id: 'q2',
      text: 'Second?',
      options: [
        { id: 'a', text: 'Gamma' },
        { id: 'b', text: 'Delta' },
      ],
    },
  ],
};

const graded: SubmitQuizResponse = {
  id: 'r1',
  quizId: 3,
  score: 50,
  correctAnswers: 1,
  totalQuestions: 2,
  answers: [
    { questionId: 'q1', selectedOptionId: 'a', isCorrect: true },
    { questionId: 'q2', selectedOptionId: 'a', isCorrect: false },
  ],
  completedAt: '2026-11-23T10:00:00.000Z',
  review: [
    { questionId: 'q1', correctOptionId: 'a', explanation: 'Alpha is first.' },
    { questionId: 'q2', correctOptionId: 'b', explanation: 'Delta is second.' },
  ],
};

const button = (name: string) => screen.getByRole('button', { name });

/** The toasts raised, as the page's viewport receives them. */
let toasts: ToastText[] = [];
const recordToast = (event: Event) => toasts.push((event as CustomEvent<ToastText>).detail);
beforeEach(() => {
  toasts = [];
  window.addEventListener('parcelwise:toast', recordToast);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.removeEventListener('parcelwise:toast', recordToast);
});

function answerAll() {
  fireEvent.click(screen.getByLabelText('Alpha'));
  fireEvent.click(button('Next Question'));
  fireEvent.click(screen.getByLabelText('Gamma'));
}

describe('QuizRunner', () => {
  it('computes the progress bar as (current + 1) / total', () => {
    expect(progressPercent(0, 4)).toBe(25);
    expect(progressPercent(2, 3)).toBe(100);
  });

  it('enables Next only with a selection and disables Previous on the first question', () => {
    render(<QuizRunner quiz={quiz} />);
    expect(button('Previous')).toHaveProperty('disabled', true);
    expect(button('Next Question')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('Beta'));
    expect(button('Next Question')).toHaveProperty('disabled', false);
    fireEvent.click(button('Next Question'));
    expect(screen.queryByText('Second?')).not.toBeNull();
    expect(button('Previous')).toHaveProperty('disabled', false);
    expect(button('Submit Quiz')).toHaveProperty('disabled', true);
    fireEvent.click(button('Previous'));
    expect((screen.getByLabelText('Beta') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps keyboard users in place: focus starts on nothing, then follows each new question', () => {
    render(<QuizRunner quiz={quiz} />);
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByLabelText('Beta'));
    fireEvent.click(button('Next Question'));
    expect(document.activeElement?.textContent).toBe('Second?');
    fireEvent.click(button('Previous'));
    expect(document.activeElement?.textContent).toBe('First?');
  });

  it('submits the choices and shows the result review', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return new Response(JSON.stringify(graded), { status: 201 });
      return new Response(JSON.stringify([graded]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<QuizRunner quiz={quiz} />);
    answerAll();
    fireEvent.click(button('Submit Quiz'));
    await waitFor(() => expect(screen.queryByText('You got 1 out of 2 questions correct')).not.toBeNull());
    expect(screen.getByTestId('quiz-score').textContent).toBe('50%');
    // The Submit button is gone: focus lands on the results heading, so it is announced. It moves in an
    // effect, which may run a moment after the text is on screen when the machine is busy.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Quiz Results' })));
    expect(screen.queryByText('Delta is second.')).not.toBeNull();
    expect(screen.getAllByText('Correct answer:')).toHaveLength(2);
    expect(screen.getAllByText('Your answer:')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Quizzes' }).getAttribute('href')).toBe('/quizzes');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      quizId: 3,
      answers: [
        { questionId: 'q1', selectedOptionId: 'a' },
        { questionId: 'q2', selectedOptionId: 'a' },
      ],
    });
  });

  function stubGrading(response: SubmitQuizResponse) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(response), { status: 201 })),
    );
  }

  it('puts the verdict against the 80 % pass mark and the actions before the per-question review', async () => {
    stubGrading(graded);
    render(<QuizRunner quiz={quiz} lessonsHref="/modules/1#lessons-heading" />);
    answerAll();
    fireEvent.click(button('Submit Quiz'));
    const verdict = await screen.findByTestId('quiz-verdict');
    expect(verdict.textContent).toBe('Not passed yet: the pass mark is 80%. Review the lesson and retake the quiz.');
    const actions = screen.getByTestId('quiz-result-actions');
    expect([...actions.querySelectorAll('a, button')].map((element) => element.textContent)).toEqual([
      'Retake quiz',
      'Review the lesson',
      'Back to Quizzes',
    ]);
    expect(screen.getByRole('link', { name: 'Review the lesson' }).getAttribute('href')).toBe('/modules/1#lessons-heading');
    const firstReview = screen.getAllByTestId('quiz-review-item')[0]!;
    expect(actions.compareDocumentPosition(firstReview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(verdict.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    [80, 'Passed: 80% meets the 80% pass mark.'],
    [100, 'Passed: 100% meets the 80% pass mark.'],
    [79, 'Not passed yet: the pass mark is 80%. Review the lesson and retake the quiz.'],
  ])('a score of %i reads %j', async (score, text) => {
    stubGrading({ ...graded, score });
    render(<QuizRunner quiz={quiz} />);
    answerAll();
    fireEvent.click(button('Submit Quiz'));
    expect((await screen.findByTestId('quiz-verdict')).textContent).toBe(text);
    // Without a module to point to, there is no Review the lesson link.
    expect(screen.queryByRole('link', { name: 'Review the lesson' })).toBeNull();
  });

  it('Retake quiz starts again on the first question with nothing picked, and focuses it', async () => {
    stubGrading(graded);
    render(<QuizRunner quiz={quiz} />);
    answerAll();
    fireEvent.click(button('Submit Quiz'));
    fireEvent.click(await screen.findByRole('button', { name: 'Retake quiz' }));
    expect(screen.queryByTestId('quiz-verdict')).toBeNull();
    expect(document.activeElement?.textContent).toBe('First?');
    expect((screen.getByLabelText('Alpha') as HTMLInputElement).checked).toBe(false);
    expect(button('Next Question')).toHaveProperty('disabled', true);
  });

  it('on failure shows the destructive toast and returns to the questions', async () => {
    let release: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    render(<QuizRunner quiz={quiz} />);
    answerAll();
    fireEvent.click(button('Submit Quiz'));
    expect(button('Submitting')).toHaveProperty('disabled', true);
    release(new Response(JSON.stringify({ message: 'Storage is down' }), { status: 503, statusText: 'Service Unavailable' }));
    await waitFor(() => expect(button('Submit Quiz')).toHaveProperty('disabled', false));
    expect(toasts).toEqual([
      {
        title: 'Failed to submit quiz',
        variant: 'destructive',
        description: '503: {"message":"Storage is down"}',
      },
    ]);
    expect(screen.queryByText('Second?')).not.toBeNull();
  });

  it('sends an Idempotency-Key with a submission, the same one when the person retries after a failure, and a new one after a change or a success', async () => {
    const keys: string[] = [];
    const answers = [503, 201, 201, 201];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        keys.push((init?.headers as Record<string, string>)['Idempotency-Key']!);
        const status = answers.shift()!;
        return new Response(JSON.stringify(status === 201 ? graded : { message: 'Storage is down' }), { status });
      }),
    );
    render(<QuizRunner quiz={quiz} />);
    answerAll();
    fireEvent.click(button('Submit Quiz')); // 503
    await waitFor(() => expect(button('Submit Quiz')).toHaveProperty('disabled', false));
    fireEvent.click(button('Submit Quiz')); // the retry: stored once on the server
    fireEvent.click(await screen.findByRole('button', { name: 'Retake quiz' }));
    answerAll();
    fireEvent.click(button('Submit Quiz')); // a new submission
    fireEvent.click(await screen.findByRole('button', { name: 'Retake quiz' }));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a changed answer after a failed submission is a new submission with a new key', async () => {
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        keys.push((init?.headers as Record<string, string>)['Idempotency-Key']!);
        return new Response(JSON.stringify({ message: 'Storage is down' }), { status: 503 });
      }),
    );
    render(<QuizRunner quiz={quiz} />);
    answerAll();
    fireEvent.click(button('Submit Quiz'));
    await waitFor(() => expect(button('Submit Quiz')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByLabelText('Delta'));
    fireEvent.click(button('Submit Quiz'));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('keeps an option picked in the server-rendered HTML before hydration', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<QuizRunner quiz={quiz} />);
    document.body.append(container);
    const beta = container.querySelector<HTMLInputElement>('input[value="b"]')!;
    beta.checked = true; // clicked while the island's script was still loading
    await act(async () => {
      hydrateRoot(container, <QuizRunner quiz={quiz} />);
    });
    const next = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Next Question')!;
    expect(next.disabled).toBe(false);
    container.remove();
  });

  it('shows the spec texts for a question without text or options', () => {
    render(<QuizRunner quiz={{ ...quiz, questions: [{ id: 'q1', text: 'Lonely?', options: [] }] }} />);
    expect(screen.queryByText('No options available for this question.')).not.toBeNull();
    cleanup();
    render(<QuizRunner quiz={{ ...quiz, questions: [] }} />);
    expect(screen.queryByText('No question available')).not.toBeNull();
  });
});
