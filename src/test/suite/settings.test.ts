import * as assert from "node:assert/strict"
import * as vscode from "vscode"
import { VsCodeSettings } from "../../agent/vsCodeSettings"

suite("settings.json contributions", () => {
	const settings = new VsCodeSettings()
	teardown(async () => {
		const cairn = vscode.workspace.getConfiguration("cairn")
		for (const key of ["allowedCommands", "deniedCommands", "commandTimeoutSec"]) {
			await cairn.update(key, undefined, vscode.ConfigurationTarget.Global)
			await cairn.update(key, undefined, vscode.ConfigurationTarget.Workspace)
		}
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
			assert.deepEqual(settings.read().user, {
				allowedCommands: ["git log", "npm test"],
				deniedCommands: undefined,
				commandTimeoutSec: 45,
				hooks: undefined,
			})
			assert.ok(announced >= 1, "no change was announced")
		} finally {
			watch.dispose()
		}
	})

	test("a workspace's settings cannot allow commands; they can only add denials", async () => {
		const cairn = vscode.workspace.getConfiguration("cairn")
		await cairn.update("allowedCommands", ["git log"], vscode.ConfigurationTarget.Global)
		await cairn.update("allowedCommands", ["*"], vscode.ConfigurationTarget.Workspace)
		await cairn.update("deniedCommands", ["rm"], vscode.ConfigurationTarget.Workspace)
		const { user, workspace } = settings.read()
		assert.deepEqual(user.allowedCommands, ["git log"])
		assert.deepEqual(workspace.allowedCommands, ["*"])
		assert.deepEqual(workspace.deniedCommands, ["rm"])
		// The Settings view writes command rules to the person's own settings, never the workspace's.
		await settings.write({ allowedCommands: ["npm test"] })
		const inspected = vscode.workspace.getConfiguration("cairn").inspect("allowedCommands")
		assert.deepEqual(inspected?.globalValue, ["npm test"])
		assert.deepEqual(inspected?.workspaceValue, ["*"])
	})
})
