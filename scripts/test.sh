#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need, then runs every suite:
# type check, lint, format, unused exports → unit → dev server smoke test, build, dev server smoke test
# again → API + dist check → end-to-end. Ends with "N passed, N failed, N skipped".
# It shares the checkout with a developer's `npm run dev` without touching it: its own dev servers run
# on free ports with their own Vite caches, only around the build (docs/decisions.md "Dev server beside
# the tests").
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

# The dev server as a newcomer meets it, only while these checks run: its own servers on free ports, each
# from a clean Vite cache (node_modules/.vite-dev/<port>). "early" is opened before the production build
# and again after it; "late" is first opened after the build (`npm start`, then `npm test`, then the
# browser). --ignore-lock: Astro otherwise refuses a second dev server in a checkout, and ours must not
# take over the lock of the developer's own.
dev_pids=()
stop_dev_servers() { for pid in "${dev_pids[@]}"; do kill -- -"$pid" 2>/dev/null; done; dev_pids=(); }
trap stop_dev_servers EXIT
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
start_dev_server() { # $1: name; sets dev_url (no subshell, so the EXIT trap knows its pid)
  local port
  port=$(free_port)
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

step "production build (beside the two dev servers)"
npm run --silent build || { echo "Build failed: skipping API and end-to-end tests"; failed=1; }

step "dev server smoke test, after the build (${early_dev} again, ${late_dev} for the first time)"
wait_for "$late_dev"
dev_smoke dev-after-build "${early_dev},${late_dev}"
stop_dev_servers

if [ -f .netlify/v1/functions/ssr/ssr.mjs ]; then
  step "API tests and dist check (built server function, local BlobsServer)"
  npm run --silent test:api -- --reporter=default --reporter=json --outputFile=test-results/api.json || failed=1

  step "end-to-end tests (Playwright, Debian Chromium)"
  # On a free port unless PW_PORT says which: a developer's serve:built on :8888 stays as it is.
  export PW_PORT="${PW_PORT:-$(free_port)}"
  PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npm run --silent test:e2e -- --reporter=list,json || failed=1
fi

step "summary"
npx --no-install tsx scripts/test-summary.ts test-results/dev-first-visit.json test-results/checks.json test-results/unit.json \
  test-results/api.json test-results/e2e.json test-results/dev-after-build.json || failed=1
exit $failed
