import * as assert from "node:assert/strict"
import * as vscode from "vscode"
import { VsCodeSettings } from "../../agent/vsCodeSettings"

suite("settings.json contributions", () => {
	const settings = new VsCodeSettings()
	teardown(async () => {
		const cairn = vscode.workspace.getConfiguration("cairn")
		for (const key of ["allowedCommands", "commandTimeoutSec"])
			await cairn.update(key, undefined, vscode.ConfigurationTarget.Global)
	})

	test("every Cairn setting is contributed with its default", () => {
		const cairn = vscode.workspace.getConfiguration("cairn")
		assert.deepEqual(cairn.get("allowedCommands"), [])
		assert.deepEqual(cairn.get("deniedCommands"), [])
		assert.equal(cairn.get("commandTimeoutSec"), 0)
		assert.equal(cairn.get("storagePath"), "")
		assert.equal(cairn.get("debugLogging"), false)
		assert.deepEqual(cairn.get("hooks"), {})
	})

	test("the Settings view's changes land in settings.json and are announced", async () => {
		let announced = 0
		const watch = settings.onDidChange(() => announced++)
		try {
			await settings.write({ allowedCommands: ["git log", "npm test"], commandTimeoutSec: 45 })
			assert.deepEqual(vscode.workspace.getConfiguration("cairn").get("allowedCommands"), [
				"git log",
				"npm test",
			])
			assert.deepEqual(settings.read(), {
				allowedCommands: ["git log", "npm test"],
				deniedCommands: [],
				commandTimeoutSec: 45,
				hooks: {},
			})
			assert.ok(announced >= 1, "no change was announced")
		} finally {
			watch.dispose()
		}
	})
})
