/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, resolved once per request by src/middleware.ts. */
    user: import('./lib/api/users').PublicUser | null;
    isAdmin: boolean;
  }
}
