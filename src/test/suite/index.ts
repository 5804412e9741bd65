import { readdirSync } from "node:fs"
import path from "node:path"
import { format } from "node:util"
import Mocha from "mocha"

/** Marks the line the e2e runner reads the per-test results from. */
export const resultsPrefix = "cairn-extension-tests-results "

/**
 * Entry point the editor calls inside the extension host when it is started with
 * `extensionTestsPath` (by code-server's URL payload here, by @vscode/test-electron elsewhere).
 * It resolves when every test passed and rejects otherwise, which sets the exit code.
 */
export async function run(): Promise<void> {
	// The workbench forwards console arguments joined by commas; format them here so the
	// reporter's "%d passing" lines arrive readable.
	Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(format(...args))

	const mocha = new Mocha({ ui: "tdd", color: false, timeout: 20_000, reporter: "spec" })
	for (const file of readdirSync(__dirname)
		.filter((name) => name.endsWith(".test.js"))
		.sort()) {
		mocha.addFile(path.join(__dirname, file))
	}

	const results: { title: string; ok: boolean; error?: string }[] = []
	const failures = await new Promise<number>((resolve) => {
		const runner = mocha.run(resolve)
		runner.on("pass", (test) => results.push({ title: test.fullTitle(), ok: true }))
		runner.on("fail", (test, error: unknown) =>
			results.push({ title: test.fullTitle(), ok: false, error: String(error) }),
		)
	})
	console.log(resultsPrefix + JSON.stringify(results))
	if (failures > 0) throw new Error(`${failures} extension-host test(s) failed`)
}
