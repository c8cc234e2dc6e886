// Request and response schemas of the account calls (docs/product.md "API calls"), shared by the API and the islands.
import { USER_ROLES } from '~/shared/vocabulary';
import { MIN_PASSWORD } from './password-rule';
import { z } from './zod';

/** A signed-in user as every call returns it: never the password hash or internal flags. */
export const publicUserSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.enum(USER_ROLES),
  avatar: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(254, 'Username must be at most 254 characters');

/**
 * Control, format (zero-width, bidi overrides, soft hyphen…), line and paragraph separators, surrogates
 * and private-use characters: never in a username or a display name (docs/decisions.md "Identities").
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

/** An e-mail address: a local part without spaces, quotes or brackets, and a dotted domain of letters, digits and hyphens. */
const EMAIL_ADDRESS = /^[^\s@"(),:;<>[\\\]]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}]+$/u;

/**
 * A new account's username (registration, the operator CLI), trimmed and checked in its normal form (NFKC,
 * lower case), which is what the server stores. It is passed on as typed so the server can tell the
 * administrator address itself from a look-alike of it (services/accounts.ts refuses those).
 */
const newUsername = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(254, 'Username must be at most 254 characters')
  .refine((value) => !INVISIBLE_OR_CONTROL.test(value), 'Username must not contain control or invisible characters')
  .refine((value) => EMAIL_ADDRESS.test(value.normalize('NFKC').toLowerCase()), 'Username must be an e-mail address');

/** A display name: 1–80 characters after trimming, no control or invisible characters. */
const displayNameSchema = z
  .string({ error: 'Name is required' })
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, 'Name is required')
      .max(80, 'Name must be at most 80 characters')
      .refine((value) => !INVISIBLE_OR_CONTROL.test(value), 'Name must not contain control or invisible characters'),
  );

/** The fields the operator CLI checks like registration does. */
export const newAccountSchema = z.strictObject({ username: newUsername, name: displayNameSchema });

/** POST /api/login. The messages are the sign-in form's own (docs/product.md "Sign-in page (/auth)"). */
export const loginRequestSchema = z.strictObject({
  username,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password must be at most 1024 characters'),
});

/** POST /api/register (docs/decisions.md). `role` is accepted and ignored: every new account is a user. */
export const registerRequestSchema = z.strictObject({
  username: newUsername,
  password: z
    .string({ error: 'Password is required' })
    .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
    .max(1024, 'Password must be at most 1024 characters'),
  name: displayNameSchema,
  inviteCode: z.string().max(200).optional(),
  role: z.unknown().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
