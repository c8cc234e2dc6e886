/// <reference types="astro/client" />

// A global declaration file cannot import at the top (it would become a module), hence import().
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare namespace App {
  interface Locals {
    /**
     * The signed-in user. Readable once the session check has finished: a page awaits
     * `signedIn(Astro.locals)`, an API route `requireUser(locals)` (src/server/http/signed-in.ts);
     * read earlier, it throws an error that says so.
     */
    readonly user: import('~/shared/api/users').PublicUser | null;
    readonly isAdmin: boolean;
    /** This request's session check, opened by src/middleware/session-gate.ts. */
    readonly session: import('~/server/http/signed-in').SessionGate;
    /** A toast a navigation left for this page (src/server/accounts/flash.ts), rendered with it. */
    toast: import('~/shared/toast').ToastText | null;
  }
}

/** The content this branch changed against its base (src/integrations/changed-content.ts). */
declare module 'virtual:parcelwise/changed-content' {
  const changes: import('~/content-check/changes').ContentChanges;
  export default changes;
}
