/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, resolved once per request by src/middleware.ts. */
    // A global declaration file cannot import at the top (it would become a module), hence import().
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports
    user: import('~/lib/api/users').PublicUser | null;
    isAdmin: boolean;
    /** Settles once `user` and `isAdmin` are known (src/middleware.ts); rejects when the check could not run. */
    sessionCheck: Promise<void>;
    /**
     * The user id the sealed session cookie names, before the session check has passed: set only on the
     * calls of READ_AHEAD_ROUTES, for reads used once it has (src/lib/server/http/read-ahead.ts).
     */
    claimedUserId: string | null;
    /** A toast a navigation left for this page (src/lib/server/flash.ts), rendered with it. */
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports
    toast: import('~/lib/toast').ToastText | null;
  }
}
