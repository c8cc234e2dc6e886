/**
 * Blob keys: built here, and only from values validated upstream. A key is segments joined by '/';
 * `segment()` throws on anything else (a programming error, never user input). No key is also the
 * "folder" of another key (the local Blobs server stores keys as files).
 */
import { createHash, randomUUID } from 'node:crypto';

const SAFE_SEGMENT = /^[A-Za-z0-9_.:-]{1,128}$/;

/** One key segment, checked. */
export function segment(value: string | number): string {
  const text = String(value);
  if (!SAFE_SEGMENT.test(text) || text === '.' || text === '..') {
    throw new Error(`storage: unsafe key segment ${JSON.stringify(text).slice(0, 40)}`);
  }
  return text;
}

export function key(...parts: Array<string | number>): string {
  return parts.map(segment).join('/');
}

/** The folder of keys starting with these segments, with its trailing '/'. */
export function prefix(...parts: Array<string | number>): string {
  return `${key(...parts)}/`;
}

/** A page path as one key segment, each '/' written ':' (`/personas/3` → `:personas:3`, `/` → `:`); checked by segment() where used. */
export const pathSegment = (pagePath: string): string => pagePath.replaceAll('/', ':');

/** The page path a pathSegment() stands for. */
export const pathOfSegment = (text: string): string => text.replaceAll(':', '/');

export const lastSegment = (blobKey: string): string => blobKey.slice(blobKey.lastIndexOf('/') + 1);

/** A sortable, unique id for one event: ISO time plus randomness, so concurrent writers never collide. */
export function eventId(at: Date = new Date()): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}_${randomUUID().slice(0, 8)}`;
}

/** Length of the part after '_' in an id derived from a fact (`factEventId`); a random one has 8 characters. */
const DERIVED_SUFFIX = 12;

/**
 * The id of an event that stands for one fact, at `at`: its time, then a digest of what the fact is (a
 * lesson of a person on one revision, a challenge window, an answer of one logical action…), so every try
 * of the same fact at the same time gets the same keys, and two tries at different times share the part
 * after '_' (`factIdentity`), by which the team figures count the fact once.
 */
export function factEventId(at: Date, ...fact: Array<string | number>): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}_${factDigest(...fact)}`;
}

/** The part of `factEventId` that names the fact, the same at any time: `factIdentity` of its ids. */
export function factDigest(...fact: Array<string | number>): string {
  return createHash('sha256').update(fact.map(String).join('\u0000')).digest('hex').slice(0, DERIVED_SUFFIX);
}

/** What names the fact of an event id made by `factEventId` (its digest), or null for a random event id. */
export function factIdentity(id: string): string | null {
  const code = id.slice(id.indexOf('_') + 1);
  return id.includes('_') && code.length === DERIVED_SUFFIX && /^[0-9a-f]+$/.test(code) ? code : null;
}

/** Inverse of eventId's time part, or null for anything else. */
export function parseEventTime(id: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z_/.exec(id);
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Stable, key-safe digest of free text such as a username or a client address. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 40);
}
