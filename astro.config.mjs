// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// Every page but /auth is rendered on demand so the session check in
// src/middleware.ts guards it everywhere (dev, local serve, Netlify); see STACK.md.
export default defineConfig({
  output: 'server',
  adapter: netlify({ cacheOnDemandPages: false }),
  integrations: [react(), mdx()],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  // Astro hashes every script and style it emits into a CSP <meta>: no 'unsafe-inline' anywhere.
  // frame-ancestors cannot be set by <meta>; src/middleware.ts sends it as a header.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  server: { port: 4321, host: '127.0.0.1' },
});
