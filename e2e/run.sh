#!/usr/bin/env bash
# npm run test:e2e: make sure the tools are there, package the extension afresh, then run
# the real-editor suites (webview in the browser, Mocha in the extension host).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-system-deps.sh
bash scripts/install-code-server.sh

# A failed package must not leave an older vsix behind to be tested by mistake.
rm -f ./*.vsix
npm run package --silent
# The task suite runs the scripted model server from its build.
npm run build --silent -w @cairn/model-server
node e2e/run.mjs
