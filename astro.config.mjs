// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { contentCheck } from './src/integrations/content-check.ts';
import { quietBuildWarnings } from './src/integrations/build-warnings.ts';
import { changedContent } from './src/integrations/changed-content.ts';
import { buildOnlyCleanup, devServerIsolation } from './src/integrations/dev-server.ts';
import { productionReact } from './src/integrations/production-react.ts';

/**
 * Our client directives: `client:afterload` (src/client-directives/after-load.ts) hydrates an island after
 * load and paint; `client:interaction` (on-interaction.ts) only when someone starts using it.
 */
const clientDirectives = {
  name: 'client-directives',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'afterload',
        entrypoint: fileURLToPath(new URL('./src/client-directives/after-load.ts', import.meta.url)),
      });
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(new URL('./src/client-directives/on-interaction.ts', import.meta.url)),
      });
    },
  },
};

// Every page but /auth is rendered on demand so the session check in
// src/middleware/ guards it everywhere (dev, local serve, Netlify); see STACK.md.
export default defineConfig({
  output: 'server',
  adapter: buildOnlyCleanup(netlify({ cacheOnDemandPages: false })),
  integrations: [
    contentCheck(),
    react(),
    mdx(),
    clientDirectives,
    devServerIsolation(),
    productionReact(),
    quietBuildWarnings(),
    changedContent(),
  ],
  vite: { plugins: [tailwindcss()] },
  // Shiki colours code with inline styles, which the CSP below refuses: a code block in a lesson is plain.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  // Astro hashes every script and style it emits into a CSP <meta>: no 'unsafe-inline' anywhere.
  // frame-ancestors cannot be set by <meta>; src/middleware/security-headers.ts sends it as a header.
  security: {
    // src/middleware/same-origin.ts checks the Origin of every write itself, whatever its content type, and lets
    // through the two that come from no browser: the mail client's one-click unsubscribe (RFC 8058) and a
    // scheduled function's call, each with its own authority. Astro's check would refuse both.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        // The offline copies' service worker (public/sw.js).
        "worker-src 'self'",
        // A practice recording plays back from the browser's memory (an object URL) before it is sent.
        "media-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  server: { port: 4321, host: '127.0.0.1' },
});
