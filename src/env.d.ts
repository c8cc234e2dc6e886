/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, resolved once per request by src/middleware.ts. */
    // A global declaration file cannot import at the top (it would become a module), hence import().
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports
    user: import('~/lib/api/users').PublicUser | null;
    isAdmin: boolean;
  }
}
