#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need, then runs every suite:
# type check → unit → build → API + dist check → end-to-end. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1 BROWSER=none NO_COLOR=1
mkdir -p test-results

step() { printf '\n=== %s\n' "$*"; }

step "install dependencies (npm install; Node 22 comes from the 'node' devDependency)"
npm install --no-audit --no-fund || exit 1
if ! command -v chromium >/dev/null 2>&1; then
  step "install Chromium from Debian"
  { apt-get update -qq && apt-get install -y -qq chromium; } || { echo "Could not install chromium"; exit 1; }
fi

failed=0
step "type check (astro check)"
npm run --silent check || failed=1

step "unit tests (vitest)"
npm run --silent test:unit -- --reporter=default --reporter=json --outputFile=test-results/unit.json || failed=1

step "production build"
npm run --silent build || { echo "Build failed: skipping API and end-to-end tests"; failed=1; }

if [ -f .netlify/v1/functions/ssr/ssr.mjs ]; then
  step "API tests and dist check (built server function, local BlobsServer)"
  npm run --silent test:api -- --reporter=default --reporter=json --outputFile=test-results/api.json || failed=1

  step "end-to-end tests (Playwright, Debian Chromium)"
  PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npm run --silent test:e2e -- --reporter=list,json || failed=1
fi

step "summary"
npx --no-install tsx scripts/test-summary.ts test-results/unit.json test-results/api.json test-results/e2e.json || failed=1
exit $failed
