// Runs the Mocha suite in out/test/suite inside code-server's real extension host.
// code-server refuses --extensionDevelopmentPath on its command line, but the browser
// workbench accepts it (and extensionTestsPath) in the `payload` URL parameter; when the
// suite ends, the workbench reports the exit code through window.codeAutomationExit.
import { randomBytes } from "node:crypto"
import { existsSync, rmSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { launchBrowser } from "./lib/browser.mjs"
import { startCodeServer } from "./lib/codeServer.mjs"
import { packExtension } from "./lib/packExtension.mjs"
import { repoRoot } from "./lib/paths.mjs"

const suiteEntry = path.join(repoRoot, "out/test/suite/index.js")
const scriptedLanguageModel = path.join(repoRoot, "e2e/fixtures/scripted-language-model")
/** Written by src/test/suite/index.ts in front of its JSON results. */
const resultsPrefix = "cairn-extension-tests-results "
// Expected offline: the marketplace (open-vsx) and the proprietary vsda module are unreachable.
const knownNoise = [/open-vsx\.org/, /vsda/]
const verbose = process.env.E2E_VERBOSE === "1"

function printHostLine(text) {
	if (text.startsWith(resultsPrefix) || knownNoise.some((pattern) => pattern.test(text))) return
	console.log(`    [host] ${text.replace(/\n/g, "\n    [host] ")}`)
}

export async function runExtensionHostTests({ timeoutMs = 120_000 } = {}) {
	if (!existsSync(suiteEntry)) throw new Error(`${suiteEntry} is missing; run node esbuild.mjs first`)
	for (const built of ["dist/extension.js", "webview-ui/build/assets/index.js"]) {
		if (!existsSync(path.join(repoRoot, built))) throw new Error(`${built} is missing; build first`)
	}

	// A chat model provider for src/test/suite/languageModel.test.ts. The workbench's payload
	// keeps one extensionDevelopmentPath only, so it is installed rather than developed.
	const fixture = await packExtension(scriptedLanguageModel)
	const server = await startCodeServer({
		label: "code-server (extension-host tests)",
		alsoInstall: [fixture],
		env: (dirs) => {
			const socket = {
				path: path.join(dirs.home, "cairn-ipc.sock"),
				token: randomBytes(16).toString("hex"),
			}
			return {
				// The extension serves its IPC socket there, for clients that know the token; it
				// deletes both variables from its environment at activation, so the suite gets its own copy.
				CAIRN_IPC_SOCKET_PATH: socket.path,
				CAIRN_IPC_TOKEN: socket.token,
				CAIRN_TEST_IPC_SOCKET_PATH: socket.path,
				CAIRN_TEST_IPC_TOKEN: socket.token,
				// The suites point Cairn at their scripted model servers through the API: with no
				// person at the editor, the launcher lets programs change trust settings.
				CAIRN_API_MAY_CHANGE_TRUST_SETTINGS: "1",
			}
		},
	})
	const { browser, context } = await launchBrowser()
	try {
		const page = await context.newPage()
		const lines = []
		let finish
		const exit = new Promise((resolve) => (finish = resolve))
		await page.exposeFunction("codeAutomationLog", (_level, message) => {
			const text = String(message)
			lines.push(text)
			if (verbose) printHostLine(text)
		})
		await page.exposeFunction("codeAutomationExit", (code) => finish(Number(code)))

		const remote = (absolute) => `vscode-remote://127.0.0.1:${server.port}${absolute}`
		const payload = JSON.stringify([
			["extensionDevelopmentPath", remote(repoRoot)],
			["extensionTestsPath", remote(suiteEntry)],
		])
		await page.goto(server.workspaceUrl(`&payload=${encodeURIComponent(payload)}`), {
			waitUntil: "domcontentloaded",
		})

		let timer
		const code = await Promise.race([
			exit,
			new Promise((resolve) => {
				timer = setTimeout(() => resolve(undefined), timeoutMs)
			}),
		])
		clearTimeout(timer)
		if (code === undefined) {
			if (!verbose) lines.forEach(printHostLine)
			return [
				{
					title: "extension-host suite",
					ok: false,
					error: new Error(`no exit within ${timeoutMs} ms`),
				},
			]
		}
		// The workbench's own chatter is only worth reading when something went wrong.
		if (code !== 0 && !verbose) lines.forEach(printHostLine)
		return summarize(lines, code)
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
		rmSync(path.dirname(fixture), { recursive: true, force: true })
	}
}

/** One result per Mocha test, from the JSON line the suite prints when it ends. */
function summarize(lines, code) {
	const line = lines.findLast((text) => text.startsWith(resultsPrefix))
	const results = line === undefined ? [] : JSON.parse(line.slice(resultsPrefix.length))
	for (const result of results) {
		console.log(
			`  ${result.ok ? "✓" : "✗"} extension host: ${result.title}${result.ok ? "" : `\n    ${result.error}`}`,
		)
	}
	// A non-zero exit without a failing test (a crash before Mocha ran) still counts as a failure.
	if (code !== 0 && results.every((result) => result.ok)) {
		results.push({ title: "extension-host suite", ok: false, error: `exit code ${code}` })
	}
	if (results.length === 0) results.push({ title: "extension-host suite", ok: false, error: "ran no test" })
	return results
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
	const results = await runExtensionHostTests()
	const passed = results.filter((result) => result.ok).length
	console.log(`extension-host: ${passed} passed, ${results.length - passed} failed`)
	process.exit(passed === results.length ? 0 : 1)
}
