/**
 * Who a user is to the rest of the hub: their public record, and whether they are an administrator. Light
 * on purpose (no password code): the session check on every request imports it.
 */
import type { PublicUser } from '~/shared/api/users';
import { adminUsername } from '~/server/config';
import type { StoredUser } from './user-record';
import { normalizeUsername } from './usernames';

export function toPublicUser(user: StoredUser): PublicUser {
  return { id: user.id, name: user.name, username: user.username, role: user.role, avatar: user.avatar };
}

/**
 * Administrators (docs/product.md "Roles and access"; docs/decisions.md "Administrators are made by an operator"): role admin, or the
 * configured administrator address on an account the operator made. A self-registered account is never promoted by the address rule.
 */
export function isAdmin(user: Pick<StoredUser, 'role' | 'username' | 'createdBy'>): boolean {
  return user.role === 'admin' || (user.createdBy === 'operator' && normalizeUsername(user.username) === adminUsername());
}

let warned = false;
/** Logs once per process that ADMIN_USERNAME names a self-registered account (which stays a user). */
export function warnIfAdminAddressSelfRegistered(user: StoredUser): void {
  if (warned || user.role === 'admin' || user.createdBy === 'operator' || normalizeUsername(user.username) !== adminUsername()) return;
  warned = true;
  console.warn(
    `ADMIN_USERNAME is ${adminUsername()}, an account that registered itself: it stays a user. ` +
      'Make administrators with `npm run user -- create --role admin`.',
  );
}
