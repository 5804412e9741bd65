import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { NodeHost } from "../host/node/NodeHost.js"
import { EditorHost } from "../test-support/editorSettingsFile.js"
import { recordingLogger, type LogEntry } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { SettingsStore } from "./settingsStore.js"

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function setup(): Promise<{ host: EditorHost; store: SettingsStore; logs: LogEntry[] }> {
	const temp = await makeTempDir("cairn-settings-")
	cleanups.push(temp.remove)
	const logger = recordingLogger()
	const host = new EditorHost({
		workspaceRoot: temp.dir,
		storageDir: path.join(temp.dir, "storage"),
		logger,
	})
	return { host, store: new SettingsStore(host), logs: logger.entries }
}

describe("SettingsStore with the editor's settings file", () => {
	it("takes command rules and the timeout from the editor's settings, over stored ones", async () => {
		const { host, store } = await setup()
		await host.state.set("settings", { allowedCommands: ["ls"], commandTimeoutSec: 5, mode: "ask" })
		host.editorSettings.values = { allowedCommands: ["git log", "npm test"], commandTimeoutSec: 30 }
		const settings = await store.load()
		expect(settings.allowedCommands).toEqual(["git log", "npm test"])
		expect(settings.commandTimeoutSec).toBe(30)
		expect(settings.mode).toBe("ask")
	})

	it("writes changes of those settings to the editor's file and keeps the rest in its own state", async () => {
		const { host, store } = await setup()
		await store.load()
		const settings = await store.update({ deniedCommands: ["rm -rf"], consecutiveMistakeLimit: 7 })
		expect(host.editorSettings.values).toEqual({ deniedCommands: ["rm -rf"] })
		expect(await host.state.get("settings")).toMatchObject({
			consecutiveMistakeLimit: 7,
			deniedCommands: [],
		})
		expect(settings.deniedCommands).toEqual(["rm -rf"])
		expect(settings.consecutiveMistakeLimit).toBe(7)
	})

	it("adds allowed-command rules to the user's settings, keeping theirs and a workspace's out", async () => {
		const { host, store } = await setup()
		host.editorSettings.values = { allowedCommands: ["npm test"] }
		host.editorSettings.workspaceValues = { allowedCommands: ["curl"] }
		await store.load()
		const settings = await store.addAllowedCommands(["git log", "npm test"])
		expect(host.editorSettings.values).toEqual({ allowedCommands: ["npm test", "git log"] })
		expect(settings.allowedCommands).toEqual(["npm test", "git log"])
	})

	it("sees changes the person makes in the editor once reloaded", async () => {
		const { host, store } = await setup()
		await store.load()
		host.editorSettings.values = { commandTimeoutSec: 12 }
		expect(store.reloadEditorSettings().commandTimeoutSec).toBe(12)
	})

	it("never lets a workspace's settings allow commands or add hooks; it may only add denials", async () => {
		const { host, store, logs } = await setup()
		host.editorSettings.values = { allowedCommands: ["git log"], deniedCommands: ["rm"] }
		host.editorSettings.workspaceValues = {
			allowedCommands: ["*"],
			hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "touch pwned" }] }] },
			deniedCommands: ["git push"],
			commandTimeoutSec: 9,
		}
		const settings = await store.load()
		expect(settings.allowedCommands).toEqual(["git log"])
		expect(settings.hooks).toEqual({ PreToolUse: [], PostToolUse: [] })
		expect(settings.deniedCommands).toEqual(["rm", "git push"])
		expect(settings.commandTimeoutSec).toBe(9)
		const ignored = logs.filter((entry) => entry.level === "warn").map((entry) => entry.message)
		expect(ignored).toEqual([
			expect.stringContaining('"cairn.allowedCommands" is ignored'),
			expect.stringContaining('"cairn.hooks" is ignored'),
		])
	})

	it("keeps the user's denials when a workspace sets an empty list", async () => {
		const { host, store } = await setup()
		host.editorSettings.values = { deniedCommands: ["rm"] }
		host.editorSettings.workspaceValues = { deniedCommands: [] }
		expect((await store.load()).deniedCommands).toEqual(["rm"])
	})

	it("takes the instruction files turned off from the person's settings only, never a workspace's", async () => {
		const { host, store } = await setup()
		host.editorSettings.values = { disabledInstructionFiles: ["cursor"] }
		host.editorSettings.workspaceValues = { disabledInstructionFiles: ["rooGlobal"] }
		expect((await store.load()).disabledInstructionFiles).toEqual(["cursor"])
	})

	it("ignores an invalid value with one warning naming the setting, keeping the valid ones", async () => {
		const { host, store, logs } = await setup()
		host.editorSettings.values = { commandTimeoutSec: -3, allowedCommands: ["make"] }
		const settings = await store.load()
		expect(settings.commandTimeoutSec).toBe(0)
		expect(settings.allowedCommands).toEqual(["make"])
		store.reloadEditorSettings()
		const warnings = logs.filter((entry) => entry.level === "warn")
		expect(warnings).toHaveLength(1)
		expect(warnings[0]?.message).toContain('"commandTimeoutSec" is invalid')
	})
})

describe("SettingsStore without an editor", () => {
	it("keeps every setting, command rules included, in its own state", async () => {
		const temp = await makeTempDir("cairn-settings-")
		cleanups.push(temp.remove)
		const host = new NodeHost({
			workspaceRoot: temp.dir,
			storageDir: path.join(temp.dir, "storage"),
			logger: recordingLogger(),
		})
		const store = new SettingsStore(host)
		await store.load()
		await store.update({ allowedCommands: ["git status"] })
		expect(await host.state.get("settings")).toMatchObject({ allowedCommands: ["git status"] })
		expect((await new SettingsStore(host).load()).allowedCommands).toEqual(["git status"])
	})
})

describe("SettingsStore keys per profile", () => {
	const sonnet = { provider: "anthropic" as const, modelId: "claude-sonnet-5" }

	it("a key saved before any profile goes to the first profile made for that provider", async () => {
		const { store } = await setup()
		await store.load()
		await store.setApiKey("anthropic", "sk-first")
		await store.update({ provider: sonnet })
		expect(await store.currentApiKey()).toBe("sk-first")
		expect(await store.hasApiKey()).toBe(true)
	})

	it("applies changes in the order they were asked for, as the welcome form sends them: the first profile's key is the one typed beside it", async () => {
		const { store } = await setup()
		await store.load()
		const settingsSaved = store.update({ provider: sonnet })
		const keySaved = store.setApiKey("anthropic", "sk-typed")
		const keyRead = store.currentApiKey()
		await Promise.all([settingsSaved, keySaved])
		expect(await keyRead).toBe("sk-typed")
		expect(await store.hasApiKey()).toBe(true)
		expect(await store.profileApiKey(store.currentProfile!)).toBe("sk-typed")
	})

	it("keeps a profile's key per provider, so a profile switched to another provider never sends it the old key", async () => {
		const { store } = await setup()
		await store.load()
		await store.update({ provider: sonnet })
		await store.setApiKey("anthropic", "sk-anthropic")
		await store.update({ provider: { provider: "openai", modelId: "gpt-4.1" } })
		expect(await store.currentApiKey()).toBeUndefined()
		expect(await store.hasApiKey()).toBe(false)
		await store.update({ provider: sonnet })
		expect(await store.currentApiKey()).toBe("sk-anthropic")
	})

	it("keeps keys apart between profiles and out of the settings", async () => {
		const { host, store } = await setup()
		await store.load()
		await store.update({ provider: sonnet })
		const first = store.currentProfile!
		const second = { id: "second", name: "Second", provider: sonnet }
		await store.setProfiles([first, second], second.id)
		await store.setApiKey("anthropic", "sk-second")
		expect(await store.currentApiKey()).toBe("sk-second")
		expect(await store.profileApiKey(first)).toBeUndefined()
		await expect(store.setApiKey("anthropic", "x", "missing")).rejects.toThrow(
			'no profile with the id "missing"',
		)
		expect(JSON.stringify(await host.state.get("settings"))).not.toContain("sk-second")
	})

	it("refuses to save profiles that break the list's rules, keeping what was saved", async () => {
		const { store } = await setup()
		await store.load()
		await store.update({ provider: sonnet })
		const saved = store.profiles
		const twin = { ...saved[0]!, id: "twin" }
		await expect(store.setProfiles([...saved, twin], undefined)).rejects.toThrow(/used twice/)
		expect(store.profiles).toEqual(saved)
	})
})
