/**
 * The search log (docs/architecture.md "Storage layout"): who searched is never stored. One create-only key
 * per event, filed by UTC day, with everything the fold needs in the key itself, so a day is folded from one
 * listing and no body is read:
 *
 *   search-log/<yyyy-mm-dd>/<eventId>.<typing>.<results>/<query…>              a search and its result count
 *   search-log/<yyyy-mm-dd>/<eventId>.<typing>.o/<query…>/:/<href…>            a result opened from it
 *   search-days/<yyyy-mm-dd>                                                   a closed day, folded (a cache)
 *
 * `<typing>` is the random id of one run of typing in the header box (`-` for none); `<query…>` and
 * `<href…>` are the normalised query and the result's link in base64url, cut into segments of at most 128
 * characters (a key holds at most 600 bytes: the service caps both).
 */
import { z } from 'zod';
import { dateFolders, listKeys, readJSON, remove, removeAll, writeJSON } from '~/server/storage/blobs';
import { eventId, key, parseEventTime, prefix } from '~/server/storage/keys';

const LOG_ROOT = 'search-log';
const DAYS_ROOT = 'search-days';
const NO_TYPING = '-';
const OPENED = 'o';
/** The segment between a query and the link opened from it: never a base64url chunk. */
const HREF_SEPARATOR = ':';
const CHUNK = 128;

/** One logged event, read back from its key. */
export type SearchLogEvent =
  | { kind: 'search'; id: string; at: Date; typing: string | null; query: string; results: number }
  | { kind: 'opened'; id: string; at: Date; typing: string | null; query: string; href: string };

const emptySchema = z.strictObject({});

const chunks = (text: string): string[] => {
  const encoded = Buffer.from(text, 'utf8').toString('base64url');
  const parts: string[] = [];
  for (let start = 0; start < encoded.length; start += CHUNK) parts.push(encoded.slice(start, start + CHUNK));
  return parts;
};
const decoded = (parts: readonly string[]): string | null => {
  const text = parts.join('');
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : null;
};

function parseEvent(blobKey: string): SearchLogEvent | null {
  const [root, , head, ...rest] = blobKey.split('/');
  const [id, typing, what] = (head ?? '').split('.');
  const at = id === undefined ? null : parseEventTime(id);
  if (root !== LOG_ROOT || at === null || !typing || !what || rest.length === 0) return null;
  const run = typing === NO_TYPING ? null : typing;
  if (what === OPENED) {
    const separator = rest.indexOf(HREF_SEPARATOR);
    const query = separator > 0 ? decoded(rest.slice(0, separator)) : null;
    const href = separator > 0 ? decoded(rest.slice(separator + 1)) : null;
    return query && href ? { kind: 'opened', id: id!, at, typing: run, query, href } : null;
  }
  const query = decoded(rest);
  return query && /^\d{1,6}$/.test(what) ? { kind: 'search', id: id!, at, typing: run, query, results: Number(what) } : null;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export const searchLog = {
  /** Logs one search (create-only): the normalised query, its typing run and how many results it found. */
  async addSearch(query: string, typing: string | null, results: number, at: Date): Promise<void> {
    const head = `${eventId(at)}.${typing ?? NO_TYPING}.${results}`;
    await writeJSON(key(LOG_ROOT, dayOf(at), head, ...chunks(query)), emptySchema, {}, { onlyIfNew: true });
  },

  /** Logs one result opened from a search (create-only). */
  async addOpened(query: string, typing: string | null, href: string, at: Date): Promise<void> {
    const head = `${eventId(at)}.${typing ?? NO_TYPING}.${OPENED}`;
    const blobKey = key(LOG_ROOT, dayOf(at), head, ...chunks(query), HREF_SEPARATOR, ...chunks(href));
    await writeJSON(blobKey, emptySchema, {}, { onlyIfNew: true });
  },

  /** Every event of one day (keys that do not parse are left out), oldest first. */
  async eventsOf(day: string): Promise<SearchLogEvent[]> {
    const events = (await listKeys(prefix(LOG_ROOT, day))).flatMap((blobKey) => parseEvent(blobKey) ?? []);
    return events.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  },

  /** The days that still have events, oldest first. */
  daysWithEvents: (): Promise<string[]> => dateFolders(LOG_ROOT),

  /** Deletes every event of one day (once it is folded, or too old to keep). */
  removeDay: (day: string): Promise<number> => removeAll(prefix(LOG_ROOT, day)),

  /** The days that have a folded summary, oldest first. */
  async foldedDays(): Promise<string[]> {
    return (await listKeys(`${DAYS_ROOT}/`))
      .map((blobKey) => blobKey.slice(DAYS_ROOT.length + 1))
      .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day));
  },

  readDay: <S extends z.ZodType>(day: string, schema: S) => readJSON(key(DAYS_ROOT, day), schema),

  /** Saves a closed day's summary; the first save wins (every fold of a closed day is the same). */
  saveDay: <S extends z.ZodType>(day: string, schema: S, summary: z.infer<S>) =>
    writeJSON(key(DAYS_ROOT, day), schema, summary, { onlyIfNew: true }),

  removeDaySummary: (day: string) => remove(key(DAYS_ROOT, day)),
};
