/**
 * A person's account as stored (`users/<id>`): the record the accounts domain keeps, and the shape other
 * domains see when they ask the accounts service for people.
 */
import { z } from 'zod';

export const storedUserSchema = z.strictObject({
  id: z.uuid(),
  username: z.string().min(1).max(254),
  name: z.string().min(1).max(120),
  role: z.enum(['admin', 'user']),
  avatar: z.string().max(512).nullable(),
  /** Null for an account made by a sign-in with the identity provider, which has no password. */
  passwordHash: z.string().min(1).nullable(),
  disabled: z.boolean(),
  /** Bumped to end every existing session of the user (password change, disable). */
  sessionVersion: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  /**
   * Who made the account: the operator (CLI, demo seeding) or the person (registration). Only an operator's
   * account at the administrator address is an administrator; records from before this field count as
   * registrations (docs/decisions.md "Identities").
   */
  createdBy: z.enum(['operator', 'registration', 'sso']).optional(),
  /**
   * The company identity bound to the account at its first sign-in with the identity provider: only that
   * issuer and subject sign in to it from then on (an e-mail address alone never does).
   */
  identity: z.strictObject({ issuer: z.string().min(1).max(500), subject: z.string().min(1).max(500) }).optional(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;
