/**
 * One simulated person of `npm run bench:soak`: a browser-like HTTP client (cookies, a same-origin Origin on
 * writes, a 15 s patience), the actions of a working day, and a ledger of what the site acknowledged — the
 * truth the figures are checked against. A failed action (a 503, no answer in time) is retried as a person
 * would: after a moment, the same request, up to five tries; then given up. A visit is sent once, as the
 * page's script does: nobody sees it fail.
 */
import { randomUUID } from 'node:crypto';
import { percentile } from '~tools/bench-stats';

export const PATIENCE_MS = 15_000;
const TRIES = 5;

/** Every answer the soak got: its status, and whether a 5xx was the clear 503 the site promises. */
export interface Tally {
  byStatus: Map<number, number>;
  unclear: string[];
  /** Time from an action's first try to its success, by action. */
  actionMs: Map<string, number[]>;
  abandoned: Map<string, number>;
}

export const newTally = (): Tally => ({ byStatus: new Map(), unclear: [], actionMs: new Map(), abandoned: new Map() });

export const p95 = (tally: Tally, action: string) => percentile(tally.actionMs.get(action) ?? [], 0.95);

const UNAVAILABLE = 'Storage is temporarily unavailable. Please try again in a moment.';

/** What the site acknowledged for one person (and what may have landed without an acknowledgement). */
export interface Ledger {
  userId: string;
  signIns: number;
  visits: number;
  lessons: Set<string>;
  quizzes: Set<string>;
  quizResultIds: Set<string>;
  challengeWindows: number;
  /** Answers to bank questions by "quizId:questionId": quiz answers, the challenge, reviews. */
  answers: Map<string, number>;
  /** Actions given up after every try failed: each may have left its fact once. */
  abandoned: { signIns: number; visits: number; answers: number; quizzes: number };
}

type Answer = { status: number; body: string; json: () => unknown };

export class Person {
  private readonly jar = new Map<string, string>();
  readonly ledger: Ledger;
  private readonly lastVisit = new Map<string, number>();
  /** Set when the site answered as to someone signed out (401, or a page sending to /auth): sign in again. */
  signedOut = false;

  constructor(
    private readonly origin: string,
    readonly username: string,
    readonly password: string,
    private readonly tally: Tally,
    userId: string,
  ) {
    this.ledger = {
      userId,
      signIns: 0,
      visits: 0,
      lessons: new Set(),
      quizzes: new Set(),
      quizResultIds: new Set(),
      challengeWindows: 0,
      answers: new Map(),
      abandoned: { signIns: 0, visits: 0, answers: 0, quizzes: 0 },
    };
  }

  /** One request: a failure to answer in time counts as status 0. */
  async request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const headers: Record<string, string> = { Accept: path.startsWith('/api/') ? 'application/json' : 'text/html', ...extraHeaders };
    if (this.jar.size > 0) headers['Cookie'] = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers['Origin'] = this.origin;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let status: number;
    let text = '';
    try {
      const response = await fetch(`${this.origin}${path}`, {
        method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(PATIENCE_MS),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        const value = pair.slice(at + 1);
        if (value === '' || /Max-Age=0/i.test(cookie)) this.jar.delete(pair.slice(0, at));
        else this.jar.set(pair.slice(0, at), value);
      }
      status = response.status;
      text = await response.text();
      this.check(method, path, status, text, response.headers.get('content-type') ?? '');
    } catch {
      status = 0;
    }
    this.tally.byStatus.set(status, (this.tally.byStatus.get(status) ?? 0) + 1);
    return { status, body: text, json: () => JSON.parse(text) as unknown };
  }

  /** A 5xx must be the clear 503: JSON with the message on the API, the plain page elsewhere. */
  private check(method: string, path: string, status: number, text: string, type: string): void {
    if (status < 500) return;
    const clear = path.startsWith('/api/')
      ? status === 503 && type.includes('application/json') && text.includes(UNAVAILABLE)
      : status === 503 && text.includes('<h1>Temporarily unavailable</h1>');
    if (!clear) this.tally.unclear.push(`${method} ${path}: ${status} ${text.slice(0, 120)}`);
  }

  /**
   * An action retried as a person would: the answer when one of `ok` came, null when every try failed.
   * `step` may send several requests; it answers the last one.
   */
  async act(action: string, ok: number[], step: () => Promise<Answer>, tries = TRIES): Promise<Answer | null> {
    const started = performance.now();
    for (let attempt = 1; attempt <= tries; attempt++) {
      const answer = await step();
      if (ok.includes(answer.status)) {
        const samples = this.tally.actionMs.get(action) ?? [];
        samples.push(performance.now() - started);
        this.tally.actionMs.set(action, samples);
        return answer;
      }
      if (answer.status === 401 || answer.status === 302) this.signedOut = true; // a page sends the signed-out to /auth
      if (answer.status !== 503 && answer.status !== 0) return null; // an answer a retry would not change
      if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
    }
    this.tally.abandoned.set(action, (this.tally.abandoned.get(action) ?? 0) + 1);
    return null;
  }

  async signIn(): Promise<void> {
    const answer = await this.act('sign in', [200], () =>
      this.request('POST', '/api/login', { username: this.username, password: this.password }),
    );
    if (answer) {
      this.ledger.signIns += 1;
      this.signedOut = false;
    } else this.ledger.abandoned.signIns += 1;
  }

  /**
   * Opens a page and records the visit as its script does: once, never retried (nobody sees it fail);
   * never the same page twice within 11 s.
   */
  async read(path: string): Promise<void> {
    if (Date.now() - (this.lastVisit.get(path) ?? 0) < 11_000) return;
    const page = await this.act('read a page', [200], () => this.request('GET', path));
    if (!page) return;
    this.lastVisit.set(path, Date.now());
    const visit = { pagePath: path.split('?')[0], tabId: null, timeSpent: null, exitPage: null, visitDate: new Date().toISOString() };
    const answer = await this.act('visit', [204], () => this.request('POST', '/api/track-visit', visit), 1);
    if (answer) this.ledger.visits += 1;
    else this.ledger.abandoned.visits += 1;
  }

  async completeLesson(moduleId: number, lessonId: number): Promise<void> {
    const answer = await this.act('complete a lesson', [200], () =>
      this.request('PATCH', `/api/progress/${moduleId}`, { completedLessons: [lessonId] }),
    );
    if (answer) this.ledger.lessons.add(`${moduleId}/${lessonId}`);
  }

  async takeQuiz(quiz: { id: number; questions: Array<{ id: string; options: Array<{ id: string }> }> }): Promise<void> {
    const answers = quiz.questions.map((question) => ({
      questionId: question.id,
      selectedOptionId: question.options[Math.floor(Math.random() * question.options.length)]!.id,
    }));
    // One Idempotency-Key per submission, sent again with each retry, as the quiz island does.
    const once = { 'Idempotency-Key': randomUUID() };
    const answer = await this.act('take a quiz', [201], () =>
      this.request('POST', '/api/quiz-results', { quizId: quiz.id, answers }, once),
    );
    if (!answer) {
      this.ledger.abandoned.quizzes += 1;
      this.ledger.abandoned.answers += answers.length;
      return;
    }
    const result = answer.json() as { id: string; quizId: number; answers: Array<{ questionId: string; heldBack?: true }> };
    this.ledger.quizzes.add(String(result.quizId));
    this.ledger.quizResultIds.add(result.id);
    for (const item of result.answers) if (!item.heldBack) this.count(`${result.quizId}:${item.questionId}`);
  }

  async answerChallenge(): Promise<void> {
    const shown = await this.act('load the challenge', [200], () => this.request('GET', '/api/daily-challenge'));
    const challenge = shown?.json() as { id: string; options: Array<{ id: string }>; answer: unknown } | undefined;
    if (!challenge || challenge.answer !== null) return;
    const body = { questionId: challenge.id, answerId: challenge.options[0]!.id };
    const answer = await this.act('answer the challenge', [200], () => this.request('POST', '/api/daily-challenge/complete', body));
    if (!answer) {
      this.ledger.abandoned.answers += 1;
      return;
    }
    this.ledger.challengeWindows += 1;
    this.count(challenge.id);
  }

  async review(): Promise<void> {
    const shown = await this.act('load reviews', [200], () => this.request('GET', '/api/review'));
    const session = shown?.json() as { questions: Array<{ id: string; options: Array<{ id: string }> }> } | undefined;
    const card = session?.questions[0];
    if (!card) return;
    const body = { questionId: card.id, answerId: card.options[0]!.id };
    const once = { 'Idempotency-Key': randomUUID() };
    const answer = await this.act('answer a review', [200], () => this.request('POST', '/api/review', body, once));
    if (answer) this.count(card.id);
    else this.ledger.abandoned.answers += 1;
  }

  private count(questionKey: string): void {
    this.ledger.answers.set(questionKey, (this.ledger.answers.get(questionKey) ?? 0) + 1);
  }
}
