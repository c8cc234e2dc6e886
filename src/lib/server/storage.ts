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

async function listKeys(prefix: string): Promise<string[]> {
  return guard(async () => {
    const keys: string[] = [];
    for await (const page of store().list({ prefix, paginate: true })) {
      for (const blob of page.blobs) keys.push(blob.key);
    }
    return keys.sort();
  });
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

  /** Create-only: completing a lesson twice keeps the first completion time. */
  completeLesson: (userId: string, moduleId: number, lessonId: string, at: Date) =>
    writeJSON(
      key('lesson-completions', userId, moduleId, lessonId),
      lessonCompletionSchema,
      { completedAt: at.toISOString() },
      { onlyIfNew: true },
    ),

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
  async add(result: StoredQuizResult): Promise<void> {
    await writeJSON(key('quiz-results', result.userId, result.id), storedQuizResultSchema, result, { onlyIfNew: true });
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
  /** False when the user already answered in this window. */
  add: (userId: string, answer: ChallengeAnswer) =>
    writeJSON(key('challenge-answers', userId, answer.windowId), challengeAnswerSchema, answer, { onlyIfNew: true }),
  list: (userId: string) => readAll(`challenge-answers/${segment(userId)}/`, challengeAnswerSchema),
};

// ---------------------------------------------------------------------------------------------
// Activity events (visits, sign-ins): one key per event; rollups are rebuildable caches.

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
]);
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/**
 * Activity keys are grouped by UTC day (`activity/<user>/<yyyy-mm-dd>/<eventId>`): a refresh lists one
 * day's folder instead of a user's whole history (the local Blobs server walks folders to list).
 */
const activityKey = (userId: string, id: string) => key('activity', userId, id.slice(0, 10), id);

export const activity = {
  async add(userId: string, event: ActivityEvent): Promise<string> {
    const id = eventId(new Date(event.recordedAt));
    await writeJSON(activityKey(userId, id), activityEventSchema, event, { onlyIfNew: true });
    return id;
  },
  /** Event ids (time-sortable) of a user after an optional id, without reading bodies. */
  async ids(userId: string): Promise<string[]> {
    return (await listKeys(`activity/${segment(userId)}/`)).map(lastSegment);
  },
  get: (userId: string, id: string) => readJSON(activityKey(userId, id), activityEventSchema),
};

/** Rollups are owned by the team-progress service; stored here as opaque validated JSON. */
export const rollups = {
  get: <S extends z.ZodType>(userId: string, schema: S) => readJSON(key('rollups', userId), schema),
  save: <S extends z.ZodType>(userId: string, schema: S, value: z.infer<S>) => writeJSON(key('rollups', userId), schema, value),
};

/** For tests and the CLI: remove everything under a prefix. */
export async function removeAll(prefix: string): Promise<number> {
  const keys = await listKeys(prefix);
  await Promise.all(keys.map(remove));
  return keys.length;
}

// =============================================================================================
// Team progress sources (issue 6, owned by the team-progress work). Key listings and single reads
// the team-progress service folds into its per-user rollups, so a refresh reads only new events.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Beyond this gap a refresh lists the user's whole activity once instead of one prefix per day. */
const MAX_DAY_PREFIXES = 31;

export const teamProgressSources = {
  /**
   * Activity event ids of a user at or after `since` (all when null), sorted. Ids start with their
   * UTC time, so a recent `since` lists only the days from `since`'s to `until`'s (usually one).
   */
  async activityIdsSince(userId: string, since: Date | null, until: Date): Promise<string[]> {
    const base = `activity/${segment(userId)}/`;
    const startDay = since === null ? null : Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
    const days = startDay === null ? Infinity : Math.floor((until.getTime() - startDay) / DAY_MS) + 1;
    const prefixes =
      startDay === null || days > MAX_DAY_PREFIXES || days < 1
        ? [base]
        : Array.from({ length: days }, (_, i) => `${base}${new Date(startDay + i * DAY_MS).toISOString().slice(0, 10)}`);
    const lists = await Promise.all(prefixes.map(listKeys));
    const ids = lists.flat().map(lastSegment);
    if (since === null) return ids.sort();
    return ids
      .filter((id) => {
        const time = parseEventTime(id);
        return time !== null && time.getTime() >= since.getTime();
      })
      .sort();
  },

  /**
   * Keys of one low-volume source (quiz-results, challenge-answers, lesson-completions) for every user
   * at once, grouped by user id: one paginated listing instead of one per user.
   */
  async keysByUser(source: 'quiz-results' | 'challenge-answers' | 'lesson-completions'): Promise<Map<string, string[][]>> {
    const byUser = new Map<string, string[][]>();
    for (const k of await listKeys(`${source}/`)) {
      const [, userId, ...rest] = k.split('/');
      if (!userId || rest.length === 0) continue;
      const list = byUser.get(userId) ?? [];
      list.push(rest);
      byUser.set(userId, list);
    }
    return byUser;
  },

  /** Ids of a user's quiz results (keys only). */
  quizResultIds: async (userId: string) => (await listKeys(`quiz-results/${segment(userId)}/`)).map(lastSegment),
  quizResult: (userId: string, id: string) => readJSON(key('quiz-results', userId, id), storedQuizResultSchema),

  /** Window ids of a user's daily challenge answers (keys only); read one with challengeAnswers.get. */
  challengeWindowIds: async (userId: string) => (await listKeys(`challenge-answers/${segment(userId)}/`)).map(lastSegment),

  lessonCompletion: (userId: string, moduleId: number, lessonId: string) =>
    readJSON(key('lesson-completions', userId, moduleId, lessonId), lessonCompletionSchema),
};
