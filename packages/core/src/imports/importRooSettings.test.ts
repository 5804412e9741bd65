import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { NodeHost } from "../host/node/NodeHost.js"
import { SettingsStore } from "../controller/settingsStore.js"
import { ModeCatalog } from "../modes/modeCatalog.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { importRooSettings } from "./importRooSettings.js"
import { ImportFileError } from "./readImportFile.js"

const fixture = path.join(import.meta.dirname, "fixtures", "roo-code-settings.json")
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function setup() {
	const temp = await makeTempDir("cairn-roo-import-")
	cleanups.push(temp.remove)
	const storageDir = path.join(temp.dir, "storage")
	const host = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
	const settings = new SettingsStore(host)
	await settings.load()
	const modes = await ModeCatalog.open({
		workspaceRoot: temp.dir,
		globalFile: path.join(storageDir, "settings", "custom_modes.yaml"),
		logger: recordingLogger(),
		watch: false,
	})
	cleanups.push(() => modes.dispose())
	return { temp, host, settings, modes, storageDir }
}

describe("importing a Roo Code settings export", () => {
	it("makes each profile Cairn speaks a profile, with its key in secret storage, and says why the others were skipped", async () => {
		const { settings, modes } = await setup()
		const report = await importRooSettings(fixture, { settings, modes })
		const profiles = report.lines.filter((line) => line.kind === "profile")
		expect(profiles).toEqual([
			{ kind: "profile", name: "default" },
			{ kind: "profile", name: "local qwen" },
			{ kind: "profile", name: "router" },
			{ kind: "profile", name: "fireworks", skipped: "unsupported_provider", detail: "fireworks" },
			{ kind: "profile", name: "unfinished", skipped: "no_model" },
			{
				kind: "profile",
				name: "broken url",
				skipped: "invalid",
				detail: "baseUrl: must be an http(s) URL",
			},
		])
		expect(settings.profiles.map((p) => [p.id, p.name, p.provider])).toEqual([
			["roo-k3x9abc1d", "default", { provider: "anthropic", modelId: "claude-sonnet-4-5" }],
			[
				"roo-p7lo2mmq1",
				"local qwen",
				{ provider: "ollama", modelId: "qwen2.5-coder:7b", baseUrl: "http://localhost:11434" },
			],
			["roo-r0ut3r0001", "router", { provider: "openrouter", modelId: "anthropic/claude-sonnet-4.5" }],
		])
		// A Cairn without a provider starts with the profile Roo was using.
		expect(settings.currentProfile?.name).toBe("default")
		expect(await settings.currentApiKey()).toBe("sk-ant-fixture-0001")
		expect(await settings.profileApiKey(settings.profiles[2]!)).toBe("sk-or-fixture-0002")
		expect(report.lines.filter((line) => line.kind === "apiKey").map((line) => line.name)).toEqual([
			"default",
			"router",
		])
		// Keys are in secret storage only: never in the report, nor in the settings.
		expect(JSON.stringify(report)).not.toMatch(/sk-|fw-fixture/)
		expect(JSON.stringify(settings.settings)).not.toMatch(/sk-|fw-fixture/)
	})

	it("makes Roo's modeApiConfigs the profile each mode remembers, skipping a mode whose profile was not imported", async () => {
		const { settings, modes } = await setup()
		const report = await importRooSettings(fixture, { settings, modes })
		expect(settings.settings.modeProfiles).toEqual({
			code: "roo-k3x9abc1d",
			architect: "roo-k3x9abc1d",
			ask: "roo-p7lo2mmq1",
		})
		expect(report.lines.filter((line) => line.kind === "modeProfile")).toEqual([
			{ kind: "modeProfile", name: "code: default" },
			{ kind: "modeProfile", name: "architect: default" },
			{ kind: "modeProfile", name: "ask: local qwen" },
			{
				kind: "modeProfile",
				name: "debug",
				skipped: "invalid",
				detail: "its profile fw00000001 was not imported",
			},
		])
	})

	it("leaves a mode the person already gave a profile with theirs", async () => {
		const { settings, modes } = await setup()
		await settings.setProfiles(
			[{ id: "mine", name: "mine", provider: { provider: "openai", modelId: "gpt-4o" } }],
			"mine",
		)
		await settings.update({ modeProfiles: { code: "mine" } })
		const report = await importRooSettings(fixture, { settings, modes })
		expect(settings.settings.modeProfiles.code).toBe("mine")
		expect(report.lines).toContainEqual({
			kind: "modeProfile",
			name: "code: default",
			skipped: "already_there",
		})
	})

	it("takes the auto-approval switches, command rules and custom instructions", async () => {
		const { settings, modes } = await setup()
		await importRooSettings(fixture, { settings, modes })
		expect(settings.settings.autoApproval).toMatchObject({
			enabled: true,
			readOnly: true,
			readOnlyOutsideWorkspace: false,
			write: false,
			execute: true,
			followup: true,
			followupTimeoutMs: 30_000,
			maxRequests: 40,
		})
		expect(settings.settings.autoApproval.maxCost).toBeUndefined()
		expect(settings.settings.allowedCommands).toEqual(["npm test", "git log", "git diff"])
		expect(settings.settings.deniedCommands).toEqual(["rm -rf", "git push"])
		expect(settings.settings.customInstructions).toBe("Answer in British English.\nPrefer small commits.")
	})

	it("adds Roo's custom modes to the person's global modes, lowercasing a slug and skipping an invalid mode", async () => {
		const { settings, modes, storageDir } = await setup()
		const report = await importRooSettings(fixture, { settings, modes })
		expect(report.lines.filter((line) => line.kind === "mode")).toEqual([
			{ kind: "mode", name: "docs-writer" },
			{ kind: "mode", name: "reviewer" },
			{
				kind: "mode",
				name: "no-role",
				skipped: "invalid",
				detail: expect.stringContaining("roleDefinition") as string,
			},
		])
		const fresh = await ModeCatalog.open({
			workspaceRoot: storageDir,
			globalFile: path.join(storageDir, "settings", "custom_modes.yaml"),
			logger: recordingLogger(),
			watch: false,
		})
		cleanups.push(() => fresh.dispose())
		const docs = fresh.snapshot().modes.find((mode) => mode.slug === "docs-writer")
		expect(docs?.groups).toEqual([
			{ group: "read" },
			{ group: "edit", restriction: { fileRegex: "\\.md$", description: "Markdown files" } },
		])
		const reviewer = fresh.snapshot().modes.find((mode) => mode.slug === "reviewer")
		expect(reviewer).toMatchObject({
			whenToUse: "Reviews code",
			customInstructions: "Be kind.",
			source: "global",
		})
	})

	it("changes nothing the second time, and says everything was already there", async () => {
		const { settings, modes, storageDir } = await setup()
		await importRooSettings(fixture, { settings, modes })
		const settingsBefore = JSON.stringify(settings.settings)
		const modesFile = path.join(storageDir, "settings", "custom_modes.yaml")
		const modesBefore = await readFile(modesFile, "utf8")
		const again = await importRooSettings(fixture, { settings, modes })
		expect(JSON.stringify(settings.settings)).toBe(settingsBefore)
		expect(await readFile(modesFile, "utf8")).toBe(modesBefore)
		const reasons = new Set(again.lines.map((line) => line.skipped))
		expect([...reasons].sort()).toEqual(["already_there", "invalid", "no_model", "unsupported_provider"])
		expect(again.lines.filter((line) => line.skipped === undefined)).toEqual([])
	})

	it("keeps the person's own profile of the same name and their current profile", async () => {
		const { settings, modes } = await setup()
		await settings.setProfiles(
			[{ id: "mine", name: "default", provider: { provider: "openai", modelId: "gpt-4o" } }],
			"mine",
		)
		await importRooSettings(fixture, { settings, modes })
		expect(settings.currentProfile?.id).toBe("mine")
		expect(settings.profiles.map((p) => p.name)).toEqual([
			"default",
			"default (2)",
			"local qwen",
			"router",
		])
	})

	it("refuses a file that is not a Roo export, and one that is not JSON without quoting it", async () => {
		const { settings, modes, temp } = await setup()
		const notRoo = path.join(temp.dir, "other.json")
		await writeFile(notRoo, JSON.stringify({ cairnProfiles: 1, profiles: [] }))
		await expect(importRooSettings(notRoo, { settings, modes })).rejects.toThrow(
			/is not a Roo Code settings export: providerProfiles/,
		)
		const torn = path.join(temp.dir, "torn.json")
		await writeFile(torn, '{"providerProfiles": {"apiConfigs": {"a": {"apiKey": "sk-secret-torn"')
		const error = await importRooSettings(torn, { settings, modes }).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(ImportFileError)
		expect(String(error)).toMatch(/is not valid JSON/)
		expect(String(error)).not.toContain("sk-secret-torn")
		const folder = path.join(temp.dir, "a-folder")
		await mkdir(folder)
		await expect(importRooSettings(folder, { settings, modes })).rejects.toThrow(/not a regular file/)
		expect(settings.profiles).toEqual([])
	})

	it("reads an export copied anywhere (the file the person picked)", async () => {
		const { settings, modes, temp } = await setup()
		const copy = path.join(temp.dir, "Downloads", "roo-code-settings.json")
		await mkdir(path.dirname(copy))
		await copyFile(fixture, copy)
		const report = await importRooSettings(copy, { settings, modes })
		expect(report.from).toBe(copy)
		expect(report.source).toBe("rooSettings")
	})
})
