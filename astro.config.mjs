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
  server: { port: 4321, host: '127.0.0.1' },
});
