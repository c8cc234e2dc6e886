#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need, then runs every suite, independent
# ones side by side so two cores stay busy:
#   static checks (type check, ESLint, Prettier, knip)  ∥  unit tests  ∥  the dev server, the production build
#   and, as soon as the build is there, API tests ∥ end-to-end tests.
# Each suite writes its own log (test-results/<suite>.log), printed whole when the suite ends, and its JSON
# report; the run ends with one line "N passed, N failed, N skipped".
# It shares the checkout with a developer's `npm run dev` without touching it: its own dev servers run on
# free ports with their own Vite caches, only around the build (docs/decisions.md "Dev server beside the tests").
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1 BROWSER=none NO_COLOR=1
# The tests make the people they need; the demo team is for people trying the app (npm start).
export PARCELWISE_DEMO_TEAM=off
# The suites share two cores: a Blobs request of the local server waits as long as the machine needs (the tests
# that time requests out on purpose set their own).
export BLOBS_TIMEOUT_MS="${BLOBS_TIMEOUT_MS:-60000}"
started=$(date +%s)

step() { printf '\n=== %s\n' "$*"; }

step "install dependencies"
node scripts/install.mjs || exit 1
# The browser tests run in Chromium's headless shell; the performance benchmarks use the full browser.
if ! command -v chromium-headless-shell >/dev/null 2>&1; then
  step "install Chromium's headless shell from Debian"
  { apt-get update -qq && apt-get install -y -qq chromium-headless-shell; } || { echo "Could not install chromium-headless-shell"; exit 1; }
fi

mkdir -p test-results
rm -f test-results/*.json test-results/*.log

# --- the suites, each a function whose output goes to its own log ------------------------------------

checks() {
  local passed=0 failed=0
  run_check() { # $1: what; the rest: the command
    echo "--- $1"
    if "${@:2}"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  }
  run_check "type check (astro check)" npm run --silent check
  run_check "lint (ESLint: architecture rules, sizes, React hooks, accessibility)" npx --no-install eslint .
  run_check "format (Prettier, check only)" npx --no-install prettier --check .
  run_check "unused files, exports and dependencies (knip)" npx --no-install knip
  # Static checks count in the summary like tests: one each.
  printf '{"numPassedTests":%d,"numFailedTests":%d,"numPendingTests":0,"numTodoTests":0}\n' "$passed" "$failed" >test-results/checks.json
  [ "$failed" -eq 0 ]
}

unit() {
  npm run --silent test:unit -- --reporter=default --reporter=json --outputFile=test-results/unit.json
}

api() {
  npm run --silent test:api -- --reporter=default --reporter=json --outputFile=test-results/api.json
}

e2e() {
  # On free ports unless PW_PORT / PW_HTTPS_PORT say which: a developer's serve:built on :8888 stays as it is.
  PW_PORT="${PW_PORT:-$(free_port)}" PW_HTTPS_PORT="${PW_HTTPS_PORT:-$(free_port)}" PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json \
    npm run --silent test:e2e -- --reporter=list,json
}

# The dev server as a newcomer meets it: its own servers on free ports, each from a clean Vite cache
# (node_modules/.vite-dev/<port>). "early" is opened before the production build and again after it;
# "late" is first opened after the build (`npm start`, then `npm test`, then the browser). --ignore-lock:
# Astro otherwise refuses a second dev server in a checkout, and ours must not take the developer's lock.
# A free port below the range the system hands out for port 0 (the servers started meanwhile, such as the local
# identity provider, take theirs there), so two servers of the run never meet on one.
free_port() {
  node -e "
    const net = require('net');
    const tryPort = () => { const port = 20000 + Math.floor(Math.random() * 12000); const s = net.createServer();
      s.once('error', tryPort); s.listen(port, '127.0.0.1', () => s.close(() => console.log(port))); };
    tryPort();"
}
dev_pids=()
stop_dev_servers() { for pid in "${dev_pids[@]}"; do kill -- -"$pid" 2>/dev/null; done; dev_pids=(); }
start_dev_server() { # $1: name; sets dev_url (no subshell, so the EXIT trap knows its pid)
  local port
  port=$(free_port)
  rm -rf "node_modules/.vite-dev/${port}"
  setsid npm run --silent dev -- --port "$port" --ignore-lock >"test-results/dev-server-$1.log" 2>&1 </dev/null &
  dev_pids+=($!)
  dev_url="http://127.0.0.1:${port}"
}
wait_for() { for _ in $(seq 1 180); do curl -fs -o /dev/null "$1/auth" && return 0; sleep 1; done; echo "$1 did not start"; return 1; }
dev_smoke() { # $1: report name, $2: comma-separated dev server URLs
  DEV_SERVER_URLS="$2" PLAYWRIGHT_JSON_OUTPUT_NAME="test-results/$1.json" \
    npx --no-install playwright test -c playwright.dev.config.ts --output "test-results/playwright-$1" --reporter=list,json
}

# --- running them ---------------------------------------------------------------------------------

declare -A job_pid=()
failed=0
failures=() # what failed, named again after the summary: CI shows the end of the output
start_job() { # $1: name, the rest: the command; its output goes to test-results/$1.log
  "${@:2}" >"test-results/$1.log" 2>&1 &
  job_pid[$1]=$!
}
finish_job() { # $1: name: waits for it, then prints its log
  local status=0
  wait "${job_pid[$1]}" || status=$?
  step "$1 ($([ $status -eq 0 ] && echo passed || echo FAILED), log: test-results/$1.log)"
  cat "test-results/$1.log"
  [ $status -eq 0 ] || { failed=1; failures+=("$1 exited with status $status (test-results/$1.log)"); }
}
trap 'stop_dev_servers; kill $(jobs -p) 2>/dev/null' EXIT

start_job checks checks
start_job unit unit

start_dev_server early && early_dev=$dev_url
start_dev_server late && late_dev=$dev_url
step "dev server smoke test, first visit (npm run dev at ${early_dev})"
{ wait_for "$early_dev" && dev_smoke dev-first-visit "$early_dev"; } || { failed=1; failures+=("the dev server's first visit"); }

step "production build (beside the two dev servers)"
if npm run --silent build >test-results/build.log 2>&1; then
  tail -n 3 test-results/build.log
  start_job api api
  start_job e2e e2e
else
  cat test-results/build.log
  echo "Build failed: skipping API and end-to-end tests"
  failed=1
  failures+=("the production build (test-results/build.log)")
fi

step "dev server smoke test, after the build (${early_dev} again, ${late_dev} for the first time)"
{ wait_for "$late_dev" && dev_smoke dev-after-build "${early_dev},${late_dev}"; } || { failed=1; failures+=("the dev servers after the build"); }
stop_dev_servers

finish_job checks
finish_job unit
if [ -n "${job_pid[api]:-}" ]; then
  finish_job api
  finish_job e2e
fi

step "summary ($(($(date +%s) - started)) s)"
npx --no-install tsx scripts/test-summary.ts test-results/dev-first-visit.json test-results/checks.json test-results/unit.json \
  test-results/api.json test-results/e2e.json test-results/dev-after-build.json || failed=1
for failure in "${failures[@]}"; do echo "FAILED: $failure"; done
for name in "${!job_pid[@]}"; do # the end of a failed suite's log, again, where CI's excerpt shows it
  grep -q "^FAILED: $name " <(printf '%s\n' "${failures[@]/#/FAILED: }") && { echo "--- the end of test-results/$name.log"; tail -n 25 "test-results/$name.log"; }
done
exit $failed
