import * as assert from "node:assert/strict"
import * as vscode from "vscode"
import { commandIds, viewContainerId } from "../../ids"
import { eventually } from "./support/eventually"

const extensionId = "cairn-dev.cairn"

suite("activation", () => {
	test("the extension is installed and activates", async () => {
		const extension = vscode.extensions.getExtension(extensionId)
		assert.ok(extension, `${extensionId} is not installed`)
		await extension.activate()
		assert.equal(extension.isActive, true)
	})

	test("its commands are registered", async () => {
		const commands = await vscode.commands.getCommands(true)
		for (const id of Object.values(commandIds))
			assert.ok(commands.includes(id), `${id} is not registered`)
	})

	test("its activity-bar view container exists", async () => {
		// The workbench registers a focus command per view container; it fails for unknown ones.
		await vscode.commands.executeCommand(`workbench.view.extension.${viewContainerId}`)
	})

	test("Open in New Tab opens the UI in an editor tab", async () => {
		await vscode.commands.executeCommand(commandIds.openInNewTab)
		// The tab model learns about the new panel from the workbench a moment later.
		const tab = await eventually(() =>
			vscode.window.tabGroups.all
				.flatMap((group) => group.tabs)
				.find(
					(candidate) =>
						candidate.input instanceof vscode.TabInputWebview && candidate.label === "Cairn",
				),
		)
		assert.ok(tab, "no Cairn webview tab is open")
		await vscode.window.tabGroups.close(tab)
	})
})
