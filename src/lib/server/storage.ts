/**
 * The data-access module: the only code that talks to Netlify Blobs and the only place keys are built.
 *
 * Rules (STACK.md, DECISIONS.md "Data layout"):
 * - Keys are built here from values that were validated before; `segment()` refuses anything else.
 * - Writers that can race never share a key: one key per event or per item, create-only where the
 *   first write must win. Aggregates (rollups) are caches rebuilt from the events.
 * - No key is also the "folder" of another key (the local Blobs server stores keys as files).
 * - Every read is validated with its zod schema; every Blobs failure becomes StorageUnavailableError (503).
 */
import { getStore, type Store } from '@netlify/blobs';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { StorageUnavailableError } from './errors';

const STORE_NAME = 'learning-hub';

function store(): Store {
  return getStore({ name: STORE_NAME, consistency: 'strong' });
}

const SAFE_SEGMENT = /^[A-Za-z0-9_.:-]{1,128}$/;

/** One key segment. Throws on anything not validated upstream: a programming error, never user input. */
function segment(value: string | number): string {
  const text = String(value);
  if (!SAFE_SEGMENT.test(text) || text === '.' || text === '..') {
    throw new Error(`storage: unsafe key segment ${JSON.stringify(text).slice(0, 40)}`);
  }
  return text;
}

function key(...parts: Array<string | number>): string {
  return parts.map(segment).join('/');
}

/** A sortable, unique id for one event: ISO time plus randomness, so concurrent writers never collide. */
export function eventId(at: Date = new Date()): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}_${randomUUID().slice(0, 8)}`;
}

/** Stable, key-safe digest of free text such as a username or a client address. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 40);
}

async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof z.ZodError) throw error;
    console.error('storage: Netlify Blobs request failed', error);
    throw new StorageUnavailableError(error);
  }
}

async function readJSON<S extends z.ZodType>(blobKey: string, schema: S): Promise<z.infer<S> | null> {
  const raw = await guard(() => store().get(blobKey, { type: 'json' }));
  if (raw === null || raw === undefined) return null;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    console.error(`storage: ${blobKey} does not match its schema`, parsed.error.issues);
    return null;
  }
  return parsed.data;
}

async function writeJSON<S extends z.ZodType>(
  blobKey: string,
  schema: S,
  value: z.infer<S>,
  options: { onlyIfNew?: boolean } = {},
): Promise<boolean> {
  const data = schema.parse(value);
  const result = await guard(() =>
    options.onlyIfNew ? store().setJSON(blobKey, data, { onlyIfNew: true }) : store().setJSON(blobKey, data),
  );
  return result.modified;
}

/** Keys under a prefix with their etags (an etag changes whenever the blob is written), sorted by key. */
async function listBlobs(prefix: string): Promise<Array<{ key: string; etag: string }>> {
  return guard(async () => {
    const blobs: Array<{ key: string; etag: string }> = [];
    for await (const page of store().list({ prefix, paginate: true })) {
      for (const blob of page.blobs) blobs.push({ key: blob.key, etag: blob.etag });
    }
    return blobs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  });
}

async function listKeys(prefix: string): Promise<string[]> {
  return (await listBlobs(prefix)).map((blob) => blob.key);
}

async function remove(blobKey: string): Promise<void> {
  await guard(() => store().delete(blobKey));
}

async function readAll<S extends z.ZodType>(prefix: string, schema: S): Promise<Array<z.infer<S>>> {
  const keys = await listKeys(prefix);
  const values = await Promise.all(keys.map((k) => readJSON(k, schema)));
  return values.filter((v) => v !== null) as Array<z.infer<S>>;
}

const lastSegment = (blobKey: string) => blobKey.slice(blobKey.lastIndexOf('/') + 1);

/** Body reads at once when many are needed: a long history must not flood the Blobs server. */
const RECORD_READ_CONCURRENCY = 16;

async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// Users

export const storedUserSchema = z.strictObject({
  id: z.uuid(),
  username: z.string().min(1).max(254),
  name: z.string().min(1).max(120),
  role: z.enum(['admin', 'user']),
  avatar: z.string().max(512).nullable(),
  passwordHash: z.string().min(1),
  disabled: z.boolean(),
  /** Bumped to end every existing session of the user (password change, disable). */
  sessionVersion: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

const usernameIndexSchema = z.strictObject({ userId: z.uuid() });

export const users = {
  byId: (id: string) => readJSON(key('users', id), storedUserSchema),

  async byUsername(username: string): Promise<StoredUser | null> {
    const index = await readJSON(key('usernames', digest(username)), usernameIndexSchema);
    return index ? users.byId(index.userId) : null;
  },

  /**
   * Create-only on the username: false when the username is taken. The username index is claimed
   * first; if the user record then cannot be written the claim is released, and a claim left behind
   * by an earlier failure (index without a user) is taken over, so a failure never locks a name.
   */
  async create(user: StoredUser): Promise<boolean> {
    const indexKey = key('usernames', digest(user.username));
    const claimed = await writeJSON(indexKey, usernameIndexSchema, { userId: user.id }, { onlyIfNew: true });
    if (!claimed) {
      const existing = await readJSON(indexKey, usernameIndexSchema);
      if (existing && (await users.byId(existing.userId))) return false;
      await writeJSON(indexKey, usernameIndexSchema, { userId: user.id });
    }
    // The local emulation does not make onlyIfNew atomic: re-read to confirm this writer won.
    const owner = await readJSON(indexKey, usernameIndexSchema);
    if (owner?.userId !== user.id) return false;
    try {
      await writeJSON(key('users', user.id), storedUserSchema, user);
    } catch (error) {
      await remove(indexKey).catch(() => undefined);
      throw error;
    }
    return true;
  },

  save: (user: StoredUser) => writeJSON(key('users', user.id), storedUserSchema, user),

  async delete(user: StoredUser): Promise<void> {
    await remove(key('users', user.id));
    await remove(key('usernames', digest(user.username)));
  },

  list: () => readAll('users/', storedUserSchema),

  /** Several users by id, a bounded number of reads at a time (null where none). */
  byIds: (ids: readonly string[]) => mapLimit(ids, RECORD_READ_CONCURRENCY, (id) => users.byId(id)),

  /** Every user id with the etag of its record, without reading the records (team-progress name cache). */
  versions: async () => (await listBlobs('users/')).map((blob) => ({ id: lastSegment(blob.key), etag: blob.etag })),
};

// ---------------------------------------------------------------------------------------------
// Failed sign-ins (throttling): one key per failure, the time in the key so counting needs no reads.

export const failedLogins = {
  async record(subject: string, at: Date): Promise<void> {
    await writeJSON(key('failed-logins', digest(subject), eventId(at)), z.strictObject({}), {});
  },
  /** Times of the recorded failures for a subject, oldest first. */
  async times(subject: string): Promise<Date[]> {
    const keys = await listKeys(`failed-logins/${digest(subject)}/`);
    return keys.map((k) => parseEventTime(lastSegment(k))).filter((d): d is Date => d !== null);
  },
  async clear(subject: string, olderThan?: Date): Promise<void> {
    const keys = await listKeys(`failed-logins/${digest(subject)}/`);
    await Promise.all(
      keys
        .filter((k) => {
          if (!olderThan) return true;
          const time = parseEventTime(lastSegment(k));
          return time !== null && time < olderThan;
        })
        .map(remove),
    );
  },
};

/** Inverse of eventId's time part. */
export function parseEventTime(id: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z_/.exec(id);
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------------------------------------------------------------------------------------------
// Learning progress: one key per completed lesson (create-only), so concurrent completions never
// lose each other; the per-module record holds only what the client sends besides lessons.

export const progressRecordSchema = z.strictObject({
  moduleId: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  lastActivity: z.iso.datetime(),
  timeSpent: z.number().int().nonnegative(),
});
export type ProgressRecordRow = z.infer<typeof progressRecordSchema>;

export const lessonCompletionSchema = z.strictObject({ completedAt: z.iso.datetime() });

export const moduleStatusSchema = z.strictObject({
  status: z.enum(['not_started', 'in_progress', 'completed']),
  updatedAt: z.iso.datetime(),
});

export const progress = {
  record: (userId: string, moduleId: number) => readJSON(key('progress-records', userId, moduleId), progressRecordSchema),
  records: (userId: string) => readAll(`progress-records/${segment(userId)}/`, progressRecordSchema),
  saveRecord: (userId: string, row: ProgressRecordRow) =>
    writeJSON(key('progress-records', userId, row.moduleId), progressRecordSchema, row),

  /** Create-only: completing a lesson twice keeps the first completion time. Journaled as activity when new. */
  async completeLesson(userId: string, moduleId: number, lessonId: string, at: Date): Promise<boolean> {
    const completedAt = at.toISOString();
    const created = await writeJSON(
      key('lesson-completions', userId, moduleId, lessonId),
      lessonCompletionSchema,
      { completedAt },
      { onlyIfNew: true },
    );
    if (created) await activity.add(userId, { kind: 'lesson', moduleId, lessonId, recordedAt: completedAt });
    return created;
  },

  /** Completed lesson ids of one module, or of every module when moduleId is omitted. */
  async completedLessons(userId: string, moduleId?: number): Promise<Array<{ moduleId: number; lessonId: string }>> {
    const prefix = moduleId === undefined ? `lesson-completions/${segment(userId)}/` : `${key('lesson-completions', userId, moduleId)}/`;
    const keys = await listKeys(prefix);
    return keys.map((k) => {
      const [, , module, lesson] = k.split('/');
      return { moduleId: Number(module), lessonId: String(lesson) };
    });
  },

  moduleStatus: (userId: string, moduleId: number) => readJSON(key('module-status', userId, moduleId), moduleStatusSchema),
  saveModuleStatus: (userId: string, moduleId: number, value: z.infer<typeof moduleStatusSchema>) =>
    writeJSON(key('module-status', userId, moduleId), moduleStatusSchema, value),
};

// ---------------------------------------------------------------------------------------------
// Quiz results: one key per submission.

export const storedQuizResultSchema = z.strictObject({
  id: z.string(),
  quizId: z.string(),
  userId: z.string(),
  score: z.number().int().min(0).max(100),
  correctAnswers: z.number().int().nonnegative(),
  totalQuestions: z.number().int().positive(),
  answers: z.array(
    z.strictObject({ questionId: z.string(), selectedOptionId: z.string().nullable(), isCorrect: z.boolean() }),
  ),
  completedAt: z.iso.datetime(),
});
export type StoredQuizResult = z.infer<typeof storedQuizResultSchema>;

export const quizResults = {
  /** Journaled as activity when new. */
  async add(result: StoredQuizResult): Promise<void> {
    const created = await writeJSON(key('quiz-results', result.userId, result.id), storedQuizResultSchema, result, { onlyIfNew: true });
    if (created) await activity.add(result.userId, { kind: 'quiz', quizId: result.quizId, recordedAt: result.completedAt });
  },
  list: (userId: string) => readAll(`quiz-results/${segment(userId)}/`, storedQuizResultSchema),
};

// ---------------------------------------------------------------------------------------------
// Daily challenge answers: create-only per user and 12-hour window, so the first answer counts.

export const challengeAnswerSchema = z.strictObject({
  windowId: z.string(),
  questionId: z.string(),
  answerId: z.string(),
  correct: z.boolean(),
  answeredAt: z.iso.datetime(),
});
export type ChallengeAnswer = z.infer<typeof challengeAnswerSchema>;

export const challengeAnswers = {
  get: (userId: string, windowId: string) => readJSON(key('challenge-answers', userId, windowId), challengeAnswerSchema),
  /** False when the user already answered in this window. Journaled as activity when new. */
  async add(userId: string, answer: ChallengeAnswer): Promise<boolean> {
    const created = await writeJSON(key('challenge-answers', userId, answer.windowId), challengeAnswerSchema, answer, { onlyIfNew: true });
    if (created) await activity.add(userId, { kind: 'challenge', windowId: answer.windowId, recordedAt: answer.answeredAt });
    return created;
  },
  list: (userId: string) => readAll(`challenge-answers/${segment(userId)}/`, challengeAnswerSchema),
};

// ---------------------------------------------------------------------------------------------
// Activity journal: one key per event, grouped by UTC minute, for every user at once
// (`activity/<yyyy-mm-dd>/<hh>/<mm>/<eventId>.<userId>.<fact>`).
//
// Visits and sign-ins live only here. Lesson completions, quiz results and challenge answers are
// journaled here too, right after their own record is created (above), so team progress needs no
// other source: one listing of the minutes (or hours, or days) since its last refresh finds every
// user's new events, and the key alone says what each event counts for — no body is read.
// If a journal write fails after its record was written, the request answers 503 and the record
// stays; `npm run rollups:rebuild` also reads the records themselves, so the figures catch up.

export const activityEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('visit'),
    pagePath: z.string(),
    tabId: z.string().nullable(),
    exitPage: z.literal('navigation').nullable(),
    visitDate: z.iso.datetime(),
    recordedAt: z.iso.datetime(),
  }),
  z.strictObject({ kind: z.literal('login'), recordedAt: z.iso.datetime() }),
  z.strictObject({ kind: z.literal('lesson'), moduleId: z.number().int().positive(), lessonId: z.string(), recordedAt: z.iso.datetime() }),
  z.strictObject({ kind: z.literal('quiz'), quizId: z.string(), recordedAt: z.iso.datetime() }),
  z.strictObject({ kind: z.literal('challenge'), windowId: z.string(), recordedAt: z.iso.datetime() }),
]);
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/** What one event counts for; a visit is an entry, a tab change or an exit (DECISIONS.md "Learning data"). */
export type ActivityFact =
  | { kind: 'entry' | 'tab' | 'exit' | 'login' }
  | { kind: 'lesson'; moduleId: number; lessonId: string }
  | { kind: 'quiz'; quizId: string }
  | { kind: 'challenge'; windowId: string };

export interface JournalEntry {
  id: string;
  userId: string;
  at: Date;
  fact: ActivityFact;
}

export function factOf(event: ActivityEvent): ActivityFact {
  switch (event.kind) {
    case 'visit':
      if (event.exitPage === 'navigation') return { kind: 'exit' };
      return { kind: event.tabId === null ? 'entry' : 'tab' };
    case 'login':
      return { kind: 'login' };
    case 'lesson':
      return { kind: 'lesson', moduleId: event.moduleId, lessonId: event.lessonId };
    case 'quiz':
      return { kind: 'quiz', quizId: event.quizId };
    case 'challenge':
      return { kind: 'challenge', windowId: event.windowId };
  }
}

function factCode(fact: ActivityFact): string {
  switch (fact.kind) {
    case 'lesson':
      return `lesson-${fact.moduleId}-${fact.lessonId}`;
    case 'quiz':
      return `quiz-${fact.quizId}`;
    case 'challenge':
      return `challenge-${fact.windowId}`;
    default:
      return fact.kind;
  }
}

function parseFactCode(code: string): ActivityFact | null {
  if (code === 'entry' || code === 'tab' || code === 'exit' || code === 'login') return { kind: code };
  const lesson = /^lesson-(\d+)-(.+)$/.exec(code);
  if (lesson) return { kind: 'lesson', moduleId: Number(lesson[1]), lessonId: lesson[2]! };
  if (code.startsWith('quiz-') && code.length > 5) return { kind: 'quiz', quizId: code.slice(5) };
  if (code.startsWith('challenge-') && code.length > 10) return { kind: 'challenge', windowId: code.slice(10) };
  return null;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** `activity/<yyyy-mm-dd>/<hh>/<mm>` of a time, cut to the bucket size asked for. */
function bucketPath(time: number, unit: 'day' | 'hour' | 'minute'): string {
  const iso = new Date(time).toISOString();
  const parts = ['activity', iso.slice(0, 10), iso.slice(11, 13), iso.slice(14, 16)];
  return parts.slice(0, unit === 'day' ? 2 : unit === 'hour' ? 3 : 4).join('/');
}

function activityKey(userId: string, id: string, fact: ActivityFact): string {
  const time = parseEventTime(id);
  if (time === null) throw new Error(`storage: bad event id ${id}`);
  return `${bucketPath(time.getTime(), 'minute')}/${segment(`${id}.${segment(userId)}.${factCode(fact)}`)}`;
}

function parseActivityKey(blobKey: string): JournalEntry | null {
  const [id, userId, ...code] = lastSegment(blobKey).split('.');
  const at = id === undefined ? null : parseEventTime(id);
  const fact = parseFactCode(code.join('.'));
  if (at === null || !userId || fact === null) return null;
  return { id: id!, userId, at, fact };
}

/**
 * The listing prefixes that cover every event at or after `since` up to `until` with few listings:
 * minute folders for a short span, hours for up to a day and a half, days for up to two months,
 * else the whole journal. Buckets may reach past `until` (nothing is there yet) but never miss a time.
 */
export function activityPrefixes(since: Date | null, until: Date): string[] {
  if (since === null) return ['activity/'];
  const span = until.getTime() - since.getTime();
  if (span < 0) return [`${bucketPath(since.getTime(), 'minute')}/`];
  const unit = span <= 15 * MINUTE_MS ? 'minute' : span <= 36 * HOUR_MS ? 'hour' : span <= 62 * DAY_MS ? 'day' : null;
  if (unit === null) return ['activity/'];
  const step = unit === 'minute' ? MINUTE_MS : unit === 'hour' ? HOUR_MS : DAY_MS;
  const first = Math.floor(since.getTime() / step) * step;
  const prefixes: string[] = [];
  for (let time = first; time <= until.getTime(); time += step) prefixes.push(`${bucketPath(time, unit)}/`);
  return prefixes;
}

export const activity = {
  async add(userId: string, event: ActivityEvent): Promise<string> {
    const id = eventId(new Date(event.recordedAt));
    await writeJSON(activityKey(userId, id, factOf(event)), activityEventSchema, event, { onlyIfNew: true });
    return id;
  },

  /** Every journal entry at or after `since` (all when null), read from the keys alone, oldest first. */
  async since(since: Date | null, until: Date): Promise<JournalEntry[]> {
    const lists = await Promise.all(activityPrefixes(since, until).map(listKeys));
    const entries: JournalEntry[] = [];
    for (const blobKey of lists.flat()) {
      const entry = parseActivityKey(blobKey);
      if (entry !== null && (since === null || entry.at.getTime() >= since.getTime())) entries.push(entry);
    }
    return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
  },
};

// ---------------------------------------------------------------------------------------------
// Team progress: the one rollup document (a rebuildable cache owned by the team-progress service,
// stored as opaque validated JSON) and the learning records a rebuild reads besides the journal.

export const teamRollup = {
  get: <S extends z.ZodType>(schema: S) => readJSON(key('team-progress', 'rollup'), schema),
  save: <S extends z.ZodType>(schema: S, value: z.infer<S>) => writeJSON(key('team-progress', 'rollup'), schema, value),
};

/** For tests and the CLI: remove everything under a prefix. */
export async function removeAll(prefix: string): Promise<number> {
  const keys = await listKeys(prefix);
  await Promise.all(keys.map(remove));
  return keys.length;
}

/**
 * Every user's lesson completions, quiz results and challenge answers as journal entries, read from the
 * records themselves (one listing per kind, then the bodies): what a rebuild adds to the journal so a
 * journal write that failed after its record was written is still counted.
 */
export async function learningRecordsAsEntries(): Promise<JournalEntry[]> {
  const [lessonKeys, quizKeys, answerKeys] = await Promise.all([
    listKeys('lesson-completions/'),
    listKeys('quiz-results/'),
    listKeys('challenge-answers/'),
  ]);
  const entry = (userId: string, at: string, fact: ActivityFact, id: string): JournalEntry => ({ id, userId, at: new Date(at), fact });
  const read = <T>(keys: string[], task: (parts: string[], blobKey: string) => Promise<T | null>) =>
    mapLimit(keys, RECORD_READ_CONCURRENCY, (blobKey) => task(blobKey.split('/'), blobKey));
  const results = await Promise.all([
    read(lessonKeys, async ([, userId, moduleId, lessonId], blobKey) => {
      const body = await readJSON(blobKey, lessonCompletionSchema);
      if (!body || !userId || !lessonId) return null;
      return entry(userId, body.completedAt, { kind: 'lesson', moduleId: Number(moduleId), lessonId }, blobKey);
    }),
    read(quizKeys, async ([, userId], blobKey) => {
      const body = await readJSON(blobKey, storedQuizResultSchema);
      return body && userId ? entry(userId, body.completedAt, { kind: 'quiz', quizId: body.quizId }, blobKey) : null;
    }),
    read(answerKeys, async ([, userId], blobKey) => {
      const body = await readJSON(blobKey, challengeAnswerSchema);
      return body && userId ? entry(userId, body.answeredAt, { kind: 'challenge', windowId: body.windowId }, blobKey) : null;
    }),
  ]);
  return results.flat().filter((e): e is JournalEntry => e !== null);
}
