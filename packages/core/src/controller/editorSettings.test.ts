import path from "node:path"
import type { ExtensionMessage } from "@cairn/types"
import { afterEach, expect, it } from "vitest"
import { EditorHost } from "../test-support/editorSettingsFile.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { startController } from "./startController.js"

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

it("a change in the editor's settings file reaches every client as settingsUpdated", async () => {
	const temp = await makeTempDir("cairn-editor-settings-")
	cleanups.push(temp.remove)
	const host = new EditorHost({
		workspaceRoot: temp.dir,
		storageDir: path.join(temp.dir, "storage"),
		logger: recordingLogger(),
	})
	const controller = await startController({ host, version: "test" })
	cleanups.push(() => controller.dispose())
	const received: ExtensionMessage[] = []
	controller.attach((message) => received.push(message))

	host.editorSettings.values = { deniedCommands: ["git push"] }
	host.editorSettings.changed()

	await expect
		.poll(() => received.find((message) => message.type === "settingsUpdated"))
		.toMatchObject({
			settings: { deniedCommands: ["git push"] },
		})
	expect(controller.settingsStore.settings.deniedCommands).toEqual(["git push"])
})
