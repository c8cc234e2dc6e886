// API tests: HTTP requests against the built site's server function, in process, on a real local
// BlobsServer (tests/api/harness.ts). Run after `npm run build`. With API_BASE_URL set they run against
// a live server instead (e.g. `npm run dev`), skipping what needs in-process control.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '~tools': fileURLToPath(new URL('./tools', import.meta.url)),
      '~tests': fileURLToPath(new URL('./tests', import.meta.url)),
      '~': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  test: {
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    // Each test makes the people it needs: no demo team beside them. Every file hashes passwords cheaply (local
    // runs only): the files make and sign in hundreds of accounts, and at production's cost those hashes were most
    // of the suite's CPU. tests/api/sessions.test.ts holds production's parameters for the one test that checks them.
    env: { PARCELWISE_DEMO_TEAM: 'off', PARCELWISE_FAST_HASHES: 'true' },
    // Generous: a test waits for what it checks, and npm test runs the suites side by side on two cores.
    testTimeout: 180_000,
    // As the end-to-end suite does in CI: one more try for a test that failed. Some tests count Blobs round trips
    // from operation times, and a machine loaded by the suites running side by side can make two parallel reads
    // look sequential (docs/decisions.md "One retry in CI"); a test failing twice fails the run.
    retry: process.env['CI'] ? 1 : 0,
    hookTimeout: 180_000,
    // Two files at a time: each has its own Blobs server and app, and most of their time is spent waiting on the
    // latency they inject, so two overlap well on two cores.
    maxWorkers: 2,
    // Logs of passing tests (the faults they inject on purpose) stay out of the output; a failing test's are shown.
    silent: 'passed-only',
  },
});
