#!/usr/bin/env bash
# The whole test suite: lint, types, unit and integration tests on PGlite and on PostgreSQL,
# the production build, and the browser tests in Chromium. Ends with one line: "N passed, N failed".
# Every stage runs even when an earlier one failed, so one run shows everything that is wrong.
set -u
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
export NEXT_TELEMETRY_DISABLED=1
started=$(date +%s%N)
export NODE_OPTIONS="--experimental-vm-modules ${NODE_OPTIONS:-}"

# Each stage's time, printed as it ends and in the summary beside its share of the 30 minutes CI
# may take (docs/testing.md, "Where CI's time goes"); a stage over its share says so.
timed() { # timed <name> <share in s> <command…>: runs a step, records its time, returns its exit code
  # (QA_BESIDE=<stage>: it runs beside that stage, within its time)
  local name="$1" share="$2"; shift 2
  local start end rc
  start=$(date +%s%N)
  "$@"; rc=$?
  end=$(date +%s%N)
  local took=$(( (end - start) / 1000000 ))
  echo "$name $share $took ${QA_BESIDE:-}" >> "$out/times.txt"
  local over=''
  [ "$took" -gt $((share * 1000)) ] && over=': over its share'
  echo "::: $name took $((took / 1000)).$(((took % 1000) / 100)) s (its share: $share s)$over"
  return $rc
}

stage() { # stage <name> <share in s> <command…>: a check that is not a test file, timed, its result recorded and returned
  local name="$1" share="$2"; shift 2
  echo "::: $name"
  if timed "$name" "$share" "$@"; then echo "pass $name" >> "$out/checks.txt"; else echo "fail $name" >> "$out/checks.txt"; return 1; fi
}

# The install's time, when .ci/run measured it (it runs before this script).
if [ -n "${QA_INSTALL_MS:-}" ]; then echo "install ${QA_INSTALL_SHARE:-120} $QA_INSTALL_MS" >> "$out/times.txt"; fi

# Two lanes, a core each, their output shown whole once both have ended: lint in one; in the other
# the type check, then the production build the browser stages need (not beside the type check:
# tsc would read the route types the build is writing into .next/types). The type check writes
# the route types first (`next typegen`), so it checks what the build's own check would; a build
# after a passing check skips that second check (QA_TYPES_CHECKED, next.config.js).
typecheck() { npx next typegen > /dev/null && npx tsc --noEmit; }
echo "::: lint beside the type check and the production build"
QA_BESIDE=typecheck+build stage lint 150 npx eslint . --max-warnings=0 > "$out/lint.log" 2>&1 &
{
  if stage typecheck 80 typecheck; then export QA_TYPES_CHECKED=1; fi
  stage build 90 node scripts/ensure-build.mjs
} > "$out/typecheck-build.log" 2>&1 &
wait
cat "$out/lint.log" "$out/typecheck-build.log"

# The model-based path suites run once, in their own stage below (npm run test:paths).
mapfile -t path_suites < <(npx tsx scripts/paths.ts --suites)
echo "::: unit and integration tests (PGlite)"
timed jest-pglite 360 npx jest --ci --json --outputFile="$out/jest-pglite.json" --testPathIgnorePatterns /tests/e2e/ /bench/ /data/ "${path_suites[@]}" || true

# Every game machine's model paths at the machine, view and real-server depths; writes
# reports/paths/index.html and fails when a machine's coverage fell below its baseline.
echo "::: model-based path tests (npm run test:paths)"
stage paths 150 npx tsx scripts/test-paths.ts --results "$out/jest-paths.json"

# Mutation testing of the rule modules, incremental from the committed results (tests/mutation/):
# fails when a module's mutation score drops below its baseline (docs/testing.md).
echo "::: mutation testing (npm run test:mutation, incremental)"
stage mutation 30 npx tsx scripts/mutation.ts

# PostgreSQL after the PGlite stages: each Jest run already keeps both cores busy (jest.config.js).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "::: integration tests (PostgreSQL: TEST_DATABASE_URL)"
  timed jest-postgres 150 env QA_TEST_DB=postgres npx jest --ci tests/api --json --outputFile="$out/jest-postgres.json" || true
else
  echo "::: integration tests on PostgreSQL skipped: TEST_DATABASE_URL is not set"
fi

# First-load JavaScript of the main pages against their budgets (bench/web/budget.json).
stage bundle-budget 15 npx tsx bench/web/first-load.ts --check

if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "::: browser tests (Chromium)"
  timed e2e 600 npx jest --ci -c jest.e2e.config.js --json --outputFile="$out/jest-e2e.json" || true
  # Sampled model paths of the quiz, exam and battle flows through the built app (docs/testing.md);
  # adds them to reports/paths/index.html. A fixed seed: the same paths every run.
  stage browser-paths 130 npx tsx scripts/test-paths-browser.ts --flow quiz,exam,battle --sample 4 --seed 1
  # Lighthouse on the home, login, play and battle-lobby pages: accessibility, best practices, SEO
  # and layout shift gated; the performance score printed, not judged (decision 044).
  stage lighthouse 75 npx tsx bench/web/lighthouse.ts --check
else
  echo "::: browser tests cannot run: no Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium} (apt-get install -y chromium)"
  echo "fail browser-tests (no chromium)" >> "$out/checks.txt"
fi

# One short pass of the api, realtime and live benchmarks beside their floors, compared with the
# ratios committed in bench/quick/reference.json: the table is printed, a drop of more than 20 % is
# named in a warning, and nothing here fails the run (docs/testing.md, "Benchmarks watched").
echo "::: benchmarks watched (npm run bench:quick: printed, not judged)"
timed bench-quick 180 npx tsx bench/quick/run.ts || true

echo $(( ($(date +%s%N) - started) / 1000000 + ${QA_INSTALL_MS:-0} )) > "$out/wall.txt"
node scripts/summarize-tests.mjs "$out"
