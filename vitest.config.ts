// Unit tests: source modules (services, schemas, stores, islands), run through Astro's Vite config so
// `astro:content` and friends resolve. Islands use happy-dom per file (// @vitest-environment happy-dom).
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}', 'tests/search-relevance/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tools/sync-content.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
