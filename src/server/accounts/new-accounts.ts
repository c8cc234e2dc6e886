// The limits on new accounts (docs/decisions.md "Registration"): only addresses of OIDC_ALLOWED_DOMAINS
// when that is set, and at most REGISTRATIONS_PER_DAY (20) new accounts in any 24 hours, by registration
// and by first sign-ins with the identity provider together. The count is recorded first, like the
// sign-in throttle (throttle.ts): each account being made writes its own mark, then counts every mark of
// the last day including its own, so of any number made at once at most the limit get past the count. A
// mark is given back when its account is not made after all.
import { oidcSettings, registrationsPerDay } from '~/server/config';
import { HttpError } from '~/server/errors';
import { newAccounts, type NewAccountMark } from '~/server/accounts/storage/new-accounts';

const DAY_MS = 24 * 60 * 60_000;

/** 403 when OIDC_ALLOWED_DOMAINS is set and the (normalised) address is of another domain. */
export function requireAllowedDomain(username: string): void {
  const allowed = oidcSettings()?.allowedDomains;
  if (!allowed) return;
  const domain = username.slice(username.lastIndexOf('@') + 1);
  if (!allowed.includes(domain)) throw new HttpError(403, `Registration is open only to addresses of ${allowed.join(', ')}.`);
}

/** An account being made, counted within the day's limit: give its place back when the account is not made after all. */
export interface NewAccountPlace {
  release(): Promise<void>;
}

function retryAfterSeconds(marks: readonly NewAccountMark[], limit: number, now: Date): number {
  const oldest = marks[marks.length - limit - 1];
  const waitMs = oldest ? oldest.at.getTime() + DAY_MS - now.getTime() : 0;
  return Math.min(DAY_MS / 1000, Math.max(1, Math.ceil(waitMs / 1000)));
}

/**
 * Takes a place for one new account (two Blobs round trips: the mark, then the count); 429 with
 * `Retry-After` when the last 24 hours already brought REGISTRATIONS_PER_DAY.
 */
export async function takeNewAccountPlace(now: Date = new Date()): Promise<NewAccountPlace> {
  const mine = await newAccounts.record(now);
  const marks = await newAccounts.since(new Date(now.getTime() - DAY_MS), now);
  const limit = registrationsPerDay();
  const counted = marks.some((mark) => mark.key === mine) ? marks : [...marks, { key: mine, at: now }];
  if (counted.length > limit) {
    await newAccounts.remove(mine).catch(() => undefined);
    throw new HttpError(429, `Too many new accounts today (at most ${limit} a day). Please try again later.`, {
      'Retry-After': String(retryAfterSeconds(counted, limit, now)),
    });
  }
  return { release: () => newAccounts.remove(mine) };
}

/** The hourly job's share: marks older than yesterday, removed by whole day. */
export const removeExpiredNewAccountMarks = (now: Date): Promise<number> => newAccounts.removeDaysBefore(now);
