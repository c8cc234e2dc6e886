#!/usr/bin/env bash
# npm run bench: builds the site, serves the production build locally, prints page weights and load
# timings per route, Lighthouse per route, the Blobs round trips and TTFB per route with simulated
# latency (bench:latency, in process), then the API benchmarks. Prints figures only; not part of `npm test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
export ASTRO_TELEMETRY_DISABLED=1 BROWSER=none
npm run --silent build >/dev/null
PORT="${BENCH_PORT:-8899}"
npx --no-install tsx scripts/serve-built.ts --port "$PORT" --data .netlify/blobs-bench >/tmp/hub-bench-serve.log 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/auth" && break; sleep 0.5; done

echo "== Pages (mobile: 4x CPU slowdown, 1.6 Mbps, 150 ms RTT; signed in as the administrator)"
BENCH_BASE_URL="http://127.0.0.1:$PORT" npx --no-install tsx scripts/bench/pages.ts
if [ "${BENCH_LIGHTHOUSE:-1}" != "0" ]; then
  echo; echo "== Lighthouse (mobile defaults, beside each page's JS-free snapshot; BENCH_LIGHTHOUSE=0 skips it, LIGHTHOUSE_RUNS=3 for medians, LIGHTHOUSE_JS_FREE=0 skips the snapshots, =N runs each N times)"
  BENCH_BASE_URL="http://127.0.0.1:$PORT" npx --no-install tsx scripts/bench/lighthouse.ts --runs "${LIGHTHOUSE_RUNS:-1}" --js-free "${LIGHTHOUSE_JS_FREE:-${LIGHTHOUSE_RUNS:-1}}"
fi
echo; echo "== Per request: Blobs round trips, TTFB and CPU per route (latency mode: 40 ms gets, 60 ms sets and lists, ±25 %; in process)"
npx --no-install tsx scripts/bench/latency.ts --runs "${LATENCY_RUNS:-50}" --clients "${LATENCY_CLIENTS:-20}" --write docs/benchmarks.md
for bench in scripts/bench/search.ts scripts/bench/challenge.ts scripts/bench/memory.ts scripts/bench/team-progress.ts scripts/bench/sign-in.ts scripts/bench/digests.ts scripts/bench/practice-feedback.ts; do
  if [ -f "$bench" ]; then
    echo; echo "== $(basename "$bench" .ts)"
    npx --no-install tsx "$bench"
  fi
done
