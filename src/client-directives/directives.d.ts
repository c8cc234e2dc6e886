// Types for our custom client directives (a module file, so this augments Astro's types).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the load event, the next paint and an idle period (./after-load.ts). */
    'client:afterload'?: boolean;
    /** Hydrate on the first focus, pointer-down or key press inside the island (./on-interaction.ts). */
    'client:interaction'?: boolean;
  }
}
