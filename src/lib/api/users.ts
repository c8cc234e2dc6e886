// Request and response schemas of the account calls (SPEC §7), shared by the API and the islands.
import { USER_ROLES } from '~/schemas/vocabulary';
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

/** POST /api/login. The messages are the sign-in form's own (SPEC §5). */
export const loginRequestSchema = z.strictObject({
  username,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password must be at most 1024 characters'),
});

/** POST /api/register (docs/decisions.md). `role` is accepted and ignored: every new account is a user. */
export const registerRequestSchema = z.strictObject({
  username,
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(1024, 'Password must be at most 1024 characters'),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  inviteCode: z.string().max(200).optional(),
  role: z.unknown().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
