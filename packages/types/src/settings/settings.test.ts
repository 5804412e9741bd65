import { describe, expect, it } from "vitest"
import { safeParse } from "../parse.js"
import {
	applySettingsPatch,
	cairnSettingsPatchSchema,
	cairnSettingsSchema,
	defaultSettings,
} from "./settings.js"

describe("settings", () => {
	it("default to a safe configuration: nothing auto-approved, mistake limit 3", () => {
		const settings = defaultSettings()
		expect(settings.autoApproval.enabled).toBe(false)
		expect(Object.values(settings.autoApproval).filter((v) => v === true)).toEqual([])
		expect(settings.consecutiveMistakeLimit).toBe(3)
		expect(settings.mode).toBe("code")
		expect(settings.provider).toBeUndefined()
	})

	it("a patch changes only what it names, also inside autoApproval", () => {
		const before = { ...defaultSettings(), allowedCommands: ["git log"], commandTimeoutSec: 10 }
		const patch = safeParse(cairnSettingsPatchSchema, { autoApproval: { readOnly: true } })
		if (!patch.success) throw new Error(patch.error)
		const after = applySettingsPatch(before, patch.data)
		expect(after.autoApproval.readOnly).toBe(true)
		expect(after.autoApproval.followupTimeoutMs).toBe(before.autoApproval.followupTimeoutMs)
		expect(after.allowedCommands).toEqual(["git log"])
		expect(after.commandTimeoutSec).toBe(10)
	})

	it("an empty patch parses to nothing, so it cannot reset fields to defaults", () => {
		const patch = safeParse(cairnSettingsPatchSchema, {})
		expect(patch).toEqual({ success: true, data: {} })
	})

	it("the result of a patch is itself valid settings", () => {
		const patch = safeParse(cairnSettingsPatchSchema, {
			provider: { provider: "openai", modelId: "gpt-test", baseUrl: "http://127.0.0.1:8000/v1" },
			deniedCommands: ["rm -rf"],
		})
		if (!patch.success) throw new Error(patch.error)
		expect(
			safeParse(cairnSettingsSchema, applySettingsPatch(defaultSettings(), patch.data)).success,
		).toBe(true)
	})

	it("a null condensingProvider goes back to the task's own model; leaving it out keeps the one set", () => {
		const condensing = { provider: "openai" as const, modelId: "gpt-4.1-mini" }
		const set = applySettingsPatch(defaultSettings(), { condensingProvider: condensing })
		expect(set.condensingProvider).toEqual(condensing)
		expect(applySettingsPatch(set, { mode: "ask" }).condensingProvider).toEqual(condensing)
		const cleared = safeParse(cairnSettingsPatchSchema, { condensingProvider: null })
		if (!cleared.success) throw new Error(cleared.error)
		const after = applySettingsPatch(set, cleared.data)
		expect("condensingProvider" in after).toBe(false)
		expect(safeParse(cairnSettingsSchema, after).success).toBe(true)
	})

	it("a budget's cheaper profile is set and removed on its own, the limits kept", () => {
		const limited = applySettingsPatch(defaultSettings(), { budgets: { task: { maxCost: 2 } } })
		const rule = { profileId: "cheap", atPercent: 50 }
		const set = applySettingsPatch(limited, { budgets: { switchProfile: rule } })
		expect(set.budgets).toEqual({ task: { maxCost: 2 }, run: {}, day: {}, switchProfile: rule })
		expect(applySettingsPatch(set, { budgets: { run: { maxTokens: 9 } } }).budgets.switchProfile).toEqual(
			rule,
		)
		const cleared = safeParse(cairnSettingsPatchSchema, { budgets: { switchProfile: null } })
		if (!cleared.success) throw new Error(cleared.error)
		const after = applySettingsPatch(set, cleared.data)
		expect(after.budgets).toEqual({ task: { maxCost: 2 }, run: {}, day: {} })
		expect(safeParse(cairnSettingsSchema, after).success).toBe(true)
	})

	it.each([
		[{ consecutiveMistakeLimit: 0 }, "consecutiveMistakeLimit"],
		[{ autoApproval: { followupTimeoutMs: 5 } }, "autoApproval.followupTimeoutMs"],
		[{ autoApproval: { yolo: true } }, "autoApproval"],
		[{ allowedCommands: [""] }, "allowedCommands.0"],
		[{ provider: { provider: "mistral", modelId: "x" } }, "provider.provider"],
		[{ provider: { provider: "anthropic", modelId: "" } }, "provider.modelId"],
		[{ autoCondenseContextPercent: 5 }, "autoCondenseContextPercent"],
		[{ condensingProvider: { provider: "openai", modelId: "" } }, "condensingProvider.modelId"],
		[
			{ provider: { provider: "openai", modelId: "m", modelInfo: { contextWindow: 0 } } },
			"provider.modelInfo.contextWindow",
		],
	])("a bad value %j is reported at %s", (input, path) => {
		const result = safeParse(cairnSettingsPatchSchema, input)
		expect(result.success).toBe(false)
		if (!result.success) expect(result.error).toContain(path)
	})
})
