// Types for our custom client directive (a module file, so this augments Astro's types).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the load event, the next paint and an idle period (./after-load.ts). */
    'client:afterload'?: boolean;
  }
}
