/**
 * The password rule as people are told it, wherever they read it (the /auth form, /settings, the API's
 * messages, the operator CLI): what src/server/accounts/password-policy.ts enforces on every new
 * password. Browser-safe: the policy's own checks (zxcvbn and its word lists) stay on the server.
 */
export const MIN_PASSWORD = 12;
export const MIN_ADMIN_PASSWORD = 15;

/** The rule for a new password of at least `minimum` characters, as a hint beside the field. */
export const passwordRule = (minimum: number): string =>
  `At least ${minimum} characters, not common, and not built from your name, your username or the company's name.`;

/** The rule as the operator CLI states it, for any account. */
export const PASSWORD_RULE_FOR_OPERATORS = `at least ${MIN_PASSWORD} characters (${MIN_ADMIN_PASSWORD} for an administrator), not common, not built from the name, the username or the company's name`;
