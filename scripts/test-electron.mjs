// Runs the extension-host Mocha suite (src/test/suite, built to out/test/suite) in a desktop
// VS Code downloaded by @vscode/test-electron: the same suite e2e/run-extension-tests.mjs runs
// inside code-server. It needs a machine that can download VS Code (and a display, or xvfb-run);
// on this project's offline CI the code-server runner is the one that runs.
//
//   npm run build && npm run test:electron          (VSCODE_VERSION=1.100.0 to pin a version)
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { runTests } from "@vscode/test-electron"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const suite = path.join(root, "out/test/suite/index.js")
if (!existsSync(suite) || !existsSync(path.join(root, "dist/extension.js"))) {
	console.error("test:electron: build first (npm run build)")
	process.exit(2)
}

// The suite edits files and writes settings: it gets a scratch copy of the fixture workspace
// and a profile of its own.
const scratch = mkdtempSync(path.join(os.tmpdir(), "cairn-electron-"))
const workspace = path.join(scratch, "workspace")
cpSync(path.join(root, "e2e/fixtures/workspace"), workspace, { recursive: true })
try {
	await runTests({
		version: process.env.VSCODE_VERSION ?? "stable",
		extensionDevelopmentPath: root,
		extensionTestsPath: suite,
		launchArgs: [
			workspace,
			"--disable-extensions",
			"--disable-workspace-trust",
			`--user-data-dir=${path.join(scratch, "user-data")}`,
		],
	})
} catch (error) {
	console.error(`test:electron: ${error instanceof Error ? error.message : error}`)
	process.exitCode = 1
} finally {
	rmSync(scratch, { recursive: true, force: true })
}
