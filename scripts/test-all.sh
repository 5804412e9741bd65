#!/usr/bin/env bash
# The README's test command: sets up a fresh machine (Debian packages, npm ci, code-server) and
# runs every check and test. CI runs exactly this (.ci/run). It ends with one line
# "all tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
mkdir -p artifacts

step() { printf '\n=== %s (%ss)\n' "$1" "$SECONDS"; }

step "system packages"
bash scripts/install-system-deps.sh

step "npm ci"
npm ci --no-audit --no-fund

step "code-server"
bash scripts/install-code-server.sh

step "format"
npm run --silent format:check

step "lint"
npm run --silent lint

step "typecheck"
npm run --silent typecheck

step "build"
npm run --silent build

step "unit and integration tests (vitest)"
unit_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=artifacts/vitest.json || unit_status=$?

step "the packed CLI (npm pack, installed into an empty prefix)"
packed_status=0
npx vitest run --config packages/cli/vitest.packed.config.ts --reporter=default --reporter=json \
	--outputFile.json="$PWD/artifacts/vitest-packed.json" || packed_status=$?

step "real editor tests (code-server + Playwright)"
e2e_status=0
npm run --silent test:e2e 2>&1 | tee artifacts/e2e.log || e2e_status=$?

step "summary"
node scripts/summarize-tests.mjs artifacts/vitest.json artifacts/e2e.log artifacts/vitest-packed.json
if [ "$unit_status" -ne 0 ] || [ "$packed_status" -ne 0 ] || [ "$e2e_status" -ne 0 ]; then
	echo "FAILED: vitest exit $unit_status, packed CLI exit $packed_status, e2e exit $e2e_status"
	exit 1
fi
