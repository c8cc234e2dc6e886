#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need, then runs every suite:
# dev server smoke test (first visit) → type check, lint, format, unused exports → unit → build →
# API + dist check → end-to-end →
# dev server smoke test again (after the build). Ends with "N passed, N failed, N skipped".
# It shares the checkout with a developer's `npm run dev` without touching it: its own dev server runs
# on a free port with its own Vite cache (docs/decisions.md "Dev server beside the tests").
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1 BROWSER=none NO_COLOR=1
mkdir -p test-results

step() { printf '\n=== %s\n' "$*"; }

step "install dependencies"
node scripts/install.mjs || exit 1
if ! command -v chromium >/dev/null 2>&1; then
  step "install Chromium from Debian"
  { apt-get update -qq && apt-get install -y -qq chromium; } || { echo "Could not install chromium"; exit 1; }
fi

failed=0
rm -f test-results/*.json

# Two dev servers of our own, each on a free port from a clean Vite cache (node_modules/.vite-dev/<port>):
# "early" is checked at once and again after the build; "late" is first opened after the build, as a
# newcomer does who runs `npm start`, then `npm test`, then opens the browser.
# --ignore-lock: Astro otherwise refuses a second dev server in a checkout, and ours must not take over
# the lock of the developer's own.
dev_pids=()
trap 'for pid in "${dev_pids[@]}"; do kill -- -"$pid" 2>/dev/null; done' EXIT
start_dev_server() { # $1: name; sets dev_url (no subshell, so the EXIT trap knows its pid)
  local port
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  rm -rf "node_modules/.vite-dev/${port}"
  setsid npm run --silent dev -- --port "$port" --ignore-lock >"test-results/dev-server-$1.log" 2>&1 </dev/null &
  dev_pids+=($!)
  dev_url="http://127.0.0.1:${port}"
}
wait_for() { for _ in $(seq 1 120); do curl -fs -o /dev/null "$1/auth" && return 0; sleep 1; done; echo "$1 did not start"; }
dev_smoke() { # $1: report name, $2: comma-separated dev server URLs
  DEV_SERVER_URLS="$2" PLAYWRIGHT_JSON_OUTPUT_NAME="test-results/$1.json" \
    npx --no-install playwright test -c playwright.dev.config.ts --reporter=list,json || failed=1
}
start_dev_server early && early_dev=$dev_url
start_dev_server late && late_dev=$dev_url

step "dev server smoke test, first visit (npm run dev at ${early_dev})"
wait_for "$early_dev"
dev_smoke dev-first-visit "$early_dev"

# Static checks count in the summary like tests: one each.
checks_passed=0 checks_failed=0
check() { # $1: what; the rest: the command
  step "$1"
  shift
  if "$@"; then checks_passed=$((checks_passed + 1)); else checks_failed=$((checks_failed + 1)); failed=1; fi
}
check "type check (astro check)" npm run --silent check
check "lint (ESLint: architecture rules, sizes, React hooks, accessibility)" npx --no-install eslint .
check "format (Prettier, check only)" npx --no-install prettier --check .
check "unused files, exports and dependencies (knip)" npx --no-install knip
printf '{"numPassedTests":%d,"numFailedTests":%d,"numPendingTests":0,"numTodoTests":0}\n' \
  "$checks_passed" "$checks_failed" >test-results/checks.json

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

step "dev server smoke test, after the build (${early_dev} again, ${late_dev} for the first time)"
wait_for "$late_dev"
dev_smoke dev-after-build "${early_dev},${late_dev}"

step "summary"
npx --no-install tsx scripts/test-summary.ts test-results/dev-first-visit.json test-results/checks.json test-results/unit.json \
  test-results/api.json test-results/e2e.json test-results/dev-after-build.json || failed=1
exit $failed
