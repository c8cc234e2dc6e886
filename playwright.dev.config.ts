// The dev-server smoke test (tests/dev-server/): Chromium against `npm run dev` servers that
// scripts/test.sh started on free ports (DEV_SERVER_URLS, comma-separated: one project each).
// Debian's Chromium, as in playwright.config.ts.
import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config';

const urls = (process.env['DEV_SERVER_URLS'] ?? '').split(',').filter(Boolean);
if (urls.length === 0) throw new Error('DEV_SERVER_URLS is not set: start `npm run dev -- --port <port>` and point it there.');

export default defineConfig({
  testDir: './tests/dev-server',
  outputDir: 'test-results/playwright-dev',
  workers: 1,
  retries: 0,
  // The dev server compiles each page and route on its first request, while the API and end-to-end suites
  // share the two cores: every wait is for the thing itself, however long the machine needs.
  timeout: 600_000,
  expect: { timeout: 120_000 },
  reporter: [['list']],
  projects: urls.map((baseURL) => ({
    name: `dev server ${new URL(baseURL).port}`,
    // No retry here, so a failed run keeps its trace (the test also prints what the page was waiting for).
    use: { ...devices['Desktop Chrome'], channel: undefined, ...base.use, trace: 'retain-on-failure', baseURL },
  })),
});
