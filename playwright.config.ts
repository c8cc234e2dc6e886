// End-to-end tests in Debian's Chromium headless shell (never a downloaded browser; STACK.md): the browser without
// the desktop browser's window machinery, as Playwright's own headless mode uses, at about half the CPU a test costs.
// By default against the production build (run `npm run build` first) served by scripts/serve-built.ts
// on :8888: the built server function without the Netlify emulators' 200-800 ms per request.
// PW_BASE_URL=http://127.0.0.1:4321 runs them against an already running `npm run dev` instead.
import { defineConfig, devices } from '@playwright/test';

const externalBaseUrl = process.env['PW_BASE_URL'];
const port = process.env['PW_PORT'] ?? '8888';
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;
// One pass over https (e2e/https.spec.ts): the same build served with a self-signed certificate made at start.
const httpsPort = process.env['PW_HTTPS_PORT'] ?? String(Number(port) + 1);
const HTTPS_SPEC = /https\.spec\.ts$/;
// The local calendar server of e2e/prep.spec.ts: the site may read it (PARCELWISE_CALENDAR_TEST_HOSTS).
process.env['PW_CALENDAR_PORT'] ??= String(Number(port) + 2);
const calendarHost = `127.0.0.1:${process.env['PW_CALENDAR_PORT']}`;
const chrome = { ...devices['Desktop Chrome'], channel: undefined };
// Local-run clocks (src/server/clock.ts): content freshness is pinned (review notes and /content-health
// never depend on today's date; e2e/content-freshness.spec.ts relies on this date, E2E_TODAY there), and the
// learning test clock (x-parcelwise-now) lets e2e/review.spec.ts move days forward.
const serverEnv = {
  BROWSER: 'none',
  ASTRO_TELEMETRY_DISABLED: '1',
  PARCELWISE_NOW: '2026-12-12T09:00:00Z',
  PARCELWISE_TEST_CLOCK: 'true',
  // Every spec signs up people of its own on this one server (more than a day's worth of new accounts), and the
  // specs running side by side write as the same demo learner (more than one person's minute of changes).
  REGISTRATIONS_PER_DAY: '100000',
  WRITES_PER_MINUTE: '100000',
  // Every spec signs people up and in: hash cheaply (local runs only; the API tests hold production's cost).
  PARCELWISE_FAST_HASHES: 'true',
  // Each spec makes the people it needs: no demo team beside them.
  PARCELWISE_DEMO_TEAM: 'off',
  PARCELWISE_CALENDAR_TEST_HOSTS: calendarHost,
};

export default defineConfig({
  testDir: './e2e',
  // Its own folder: Playwright empties it on start, and test-results/ also holds the other suites' reports.
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers: process.env['CI'] ? 2 : 3,
  retries: process.env['CI'] ? 1 : 0,
  // Generous: a test waits for what it checks, and a loaded 2-core machine may take its time; passing tests
  // never wait for these.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL,
    // The offline spec allows the site's service worker; elsewhere it would answer some navigations itself,
    // out of sight of page.route.
    serviceWorkers: 'block',
    // Recorded on a failed test's retry (CI retries once), not for every test: recording every action of every
    // passing test cost CPU the suites running beside it share.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // e2e/practice.spec.ts records an answer: a fake microphone (a tone), allowed without a prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // The tests' contexts share two renderer processes instead of starting one each: the same pages, with less
        // of the two cores spent starting renderers.
        '--renderer-process-limit=2',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: HTTPS_SPEC, use: chrome },
    ...(externalBaseUrl
      ? []
      : [{ name: 'https', testMatch: HTTPS_SPEC, use: { ...chrome, baseURL: `https://127.0.0.1:${httpsPort}`, ignoreHTTPSErrors: true } }]),
  ],
  ...(externalBaseUrl
    ? {}
    : {
        webServer: [
          {
            command: `npm run serve:built -- --port ${port} --data .netlify/blobs-e2e-${port}`,
            url: `http://127.0.0.1:${port}/auth`,
            timeout: 60_000,
            reuseExistingServer: false,
            stdout: 'ignore',
            stderr: 'pipe',
            env: serverEnv,
          },
          {
            command: `npm run serve:built -- --https --port ${httpsPort} --data .netlify/blobs-e2e-${httpsPort}`,
            url: `https://127.0.0.1:${httpsPort}/auth`,
            ignoreHTTPSErrors: true,
            timeout: 60_000,
            reuseExistingServer: false,
            stdout: 'ignore',
            stderr: 'pipe',
            env: serverEnv,
          },
        ],
      }),
});
