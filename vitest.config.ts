// Unit tests: source modules (services, schemas, stores, islands), run through Astro's Vite config so
// `astro:content` and friends resolve. Islands use happy-dom per file (// @vitest-environment happy-dom).
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}', 'tests/search-relevance/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tools/sync-content.ts'],
    // The suites make and sign in many accounts: hash them cheaply (honoured in local runs only).
    env: { PARCELWISE_FAST_HASHES: 'true', PARCELWISE_DEMO_TEAM: 'off' },
    // Logs of passing tests (the faults they inject on purpose) stay out of the output; a failing test's are shown.
    silent: 'passed-only',
    maxWorkers: 2,
    // Generous: a test waits for what it checks, and npm test runs the suites side by side on two cores.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
