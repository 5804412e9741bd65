// Runs every real-editor suite against the built extension and prints one closing line.
// Expects `npm run package` to have produced the vsix (e2e/run.sh does that first).
import { existsSync } from "node:fs"
import { runBackgroundCommandTests } from "./backgroundCommands.e2e.mjs"
import { runBoardTests } from "./board.e2e.mjs"
import { runBudgetTests } from "./budgets.e2e.mjs"
import { runCheckpointTests } from "./checkpoints.e2e.mjs"
import { runGovernanceTests } from "./governance.e2e.mjs"
import { runI18nTests } from "./i18n.e2e.mjs"
import { runContextTests } from "./context.e2e.mjs"
import { runDemoTests } from "./demo.e2e.mjs"
import { runEverydayChatTests } from "./everydayChat.e2e.mjs"
import { runFleetReportTests } from "./fleetReport.e2e.mjs"
import { runMcpTests } from "./mcp.e2e.mjs"
import { runMentionTests } from "./mentions.e2e.mjs"
import { runModesTests } from "./modes.e2e.mjs"
import { runOtherToolsTests } from "./otherTools.e2e.mjs"
import { runExtensionHostTests } from "./run-extension-tests.mjs"
import { runRepositoryHooksTests } from "./repositoryHooks.e2e.mjs"
import { runRowsTests } from "./rows.e2e.mjs"
import { runSettingsTests } from "./settings.e2e.mjs"
import { runSlashCommandTests } from "./slash-commands.e2e.mjs"
import { runSubtaskTests } from "./subtasks.e2e.mjs"
import { runSwitchersTests } from "./switchers.e2e.mjs"
import { vsixPath } from "./lib/paths.mjs"
import { runTaskTests } from "./task.e2e.mjs"
import { runTodoTests } from "./todos.e2e.mjs"
import { runWebviewTests } from "./webview.e2e.mjs"

const started = Date.now()
// A hard ceiling, so a wedged browser or server can never hang CI; well above what the whole
// set takes on a busy 2-core machine (7 min alone, over 10 beside two other runs).
const overall = setTimeout(() => {
	console.error("e2e: gave up after 1500 s")
	console.log("e2e: 0 passed, 1 failed")
	process.exit(1)
}, 1_500_000)
overall.unref()

if (!existsSync(vsixPath)) {
	console.error(`e2e: ${vsixPath} is missing; run npm run package first`)
	process.exit(1)
}

const results = []
for (const suite of [
	runWebviewTests,
	runTaskTests,
	runGovernanceTests,
	runRepositoryHooksTests,
	runContextTests,
	runCheckpointTests,
	runTodoTests,
	runMentionTests,
	runMcpTests,
	runModesTests,
	runOtherToolsTests,
	runSubtaskTests,
	runBoardTests,
	runFleetReportTests,
	runBudgetTests,
	runSlashCommandTests,
	runRowsTests,
	runBackgroundCommandTests,
	runSwitchersTests,
	runSettingsTests,
	runEverydayChatTests,
	runDemoTests,
	runI18nTests,
	runExtensionHostTests,
]) {
	try {
		results.push(...(await suite()))
	} catch (error) {
		console.log(`  ✗ ${suite.name} could not run: ${error instanceof Error ? error.stack : error}`)
		results.push({ title: suite.name, ok: false, error })
	}
}

const passed = results.filter((result) => result.ok).length
const failed = results.length - passed
console.log(`e2e took ${((Date.now() - started) / 1000).toFixed(1)} s`)
console.log(`e2e: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
