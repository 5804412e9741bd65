import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { NodeHost } from "../host/node/NodeHost.js"
import { EditorHost } from "../test-support/editorSettingsFile.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { SettingsStore } from "./settingsStore.js"

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function nodeHost(): Promise<NodeHost> {
	const temp = await makeTempDir("cairn-language-")
	cleanups.push(temp.remove)
	return new NodeHost({
		workspaceRoot: temp.dir,
		storageDir: path.join(temp.dir, "storage"),
		logger: recordingLogger(),
	})
}

describe("the language setting of settings saved before it meant anything", () => {
	it("becomes auto once, and is saved so: the old default 'en' was nobody's choice", async () => {
		const host = await nodeHost()
		await host.state.set("settings", { language: "en", mode: "ask" })
		const settings = await new SettingsStore(host).load()
		expect(settings).toMatchObject({ language: "auto", mode: "ask" })
		expect(await host.state.get("settings")).toMatchObject({ language: "auto" })
	})

	it("keeps English chosen after that, and any other language chosen before", async () => {
		const host = await nodeHost()
		await host.state.set("settings", { language: "ja" })
		const store = new SettingsStore(host)
		expect((await store.load()).language).toBe("ja")
		await store.update({ language: "en" })
		expect((await new SettingsStore(host).load()).language).toBe("en")
	})

	it("is auto for settings that never had one", async () => {
		const host = await nodeHost()
		expect((await new SettingsStore(host).load()).language).toBe("auto")
		await host.state.set("settings", { mode: "ask" })
		expect((await new SettingsStore(host).load()).language).toBe("auto")
	})
})

describe("the language setting in the editor's settings file (cairn.language)", () => {
	it("is taken over the stored one, a workspace's over the person's, and the view's change is written there", async () => {
		const temp = await makeTempDir("cairn-language-editor-")
		cleanups.push(temp.remove)
		const host = new EditorHost({
			workspaceRoot: temp.dir,
			storageDir: path.join(temp.dir, "storage"),
			logger: recordingLogger(),
		})
		await host.state.set("settings", { language: "fr" })
		host.editorSettings.values = { language: "ko" }
		const store = new SettingsStore(host)
		expect((await store.load()).language).toBe("ko")
		host.editorSettings.workspaceValues = { language: "ja" }
		expect((await store.load()).language).toBe("ja")
		host.editorSettings.workspaceValues = {}
		await store.update({ language: "de" })
		expect(host.editorSettings.values).toMatchObject({ language: "de" })
		expect(store.settings.language).toBe("de")
	})
})
