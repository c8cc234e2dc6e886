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

export const lastSegment = (blobKey: string): string => blobKey.slice(blobKey.lastIndexOf('/') + 1);

/** A sortable, unique id for one event: ISO time plus randomness, so concurrent writers never collide. */
export function eventId(at: Date = new Date()): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}_${randomUUID().slice(0, 8)}`;
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
