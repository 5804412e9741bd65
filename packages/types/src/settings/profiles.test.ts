import { describe, expect, it } from "vitest"
import { safeParse, safeParseJson } from "../parse.js"
import {
	exportProfiles,
	maxProfiles,
	profileListSchema,
	profilesExportSchema,
	uniqueProfileName,
	withConsistentProfiles,
	type ProviderProfile,
} from "./profiles.js"
import type { ProviderSettings } from "./provider.js"
import { cairnSettingsPatchSchema, cairnSettingsSchema, defaultSettings } from "./settings.js"

const sonnet: ProviderSettings = { provider: "anthropic", modelId: "claude-sonnet-5" }
const qwen: ProviderSettings = { provider: "ollama", modelId: "qwen3:8b", baseUrl: "http://127.0.0.1:11434" }
const ids = () => {
	let n = 0
	return () => `p-${++n}`
}
const profile = (id: string, name: string, provider = sonnet): ProviderProfile => ({ id, name, provider })

describe("the profile list", () => {
	it("refuses a name used twice (as a person reads it) or an id used twice, naming the entry", () => {
		const names = safeParse(profileListSchema, [profile("a", "Work"), profile("b", " work ")])
		expect(names).toMatchObject({ success: false })
		if (!names.success) expect(names.error).toContain('1.name: the profile name "work" is used twice')
		const twice = safeParse(profileListSchema, [profile("a", "One"), profile("a", "Two")])
		if (twice.success) throw new Error("accepted an id used twice")
		expect(twice.error).toContain('1.id: the profile id "a" is used twice')
	})

	it(`holds at most ${maxProfiles} profiles`, () => {
		const many = Array.from({ length: maxProfiles + 1 }, (_, i) => profile(`p${i}`, `P${i}`))
		const parsed = safeParse(profileListSchema, many)
		if (parsed.success) throw new Error("accepted too many")
		expect(parsed.error).toContain(`at most ${maxProfiles} profiles`)
	})

	it("numbers a name that is taken", () => {
		const profiles = [profile("a", "Work"), profile("b", "Work (2)")]
		expect(uniqueProfileName("work", profiles)).toBe("work (3)")
		expect(uniqueProfileName("Home", profiles)).toBe("Home")
	})

	it("cannot be changed by a settings patch: profiles have their own messages", () => {
		expect(safeParse(cairnSettingsPatchSchema, { profiles: [] })).toMatchObject({ success: false })
		expect(safeParse(cairnSettingsPatchSchema, { currentProfileId: "a" })).toMatchObject({
			success: false,
		})
	})
})

describe("withConsistentProfiles", () => {
	it("turns the one provider of older settings into a profile named after its model, made current", () => {
		const old = cairnSettingsSchema.parse({ provider: sonnet })
		const { settings, changes } = withConsistentProfiles(old, ids())
		expect(settings.profiles).toEqual([{ id: "p-1", name: "claude-sonnet-5", provider: sonnet }])
		expect(settings.currentProfileId).toBe("p-1")
		expect(settings.provider).toEqual(sonnet)
		expect(changes.created).toEqual(settings.profiles)
	})

	it("turns the models modes remembered into the profiles they point to, reusing an equal one", () => {
		const old = cairnSettingsSchema.parse({
			provider: sonnet,
			modeProviders: { ask: sonnet, debug: qwen },
		})
		const { settings } = withConsistentProfiles(old, ids())
		expect(settings.profiles.map((p) => [p.name, p.provider])).toEqual([
			["claude-sonnet-5", sonnet],
			["qwen3:8b (debug)", qwen],
		])
		expect(settings.modeProfiles).toEqual({ ask: "p-1", debug: "p-2" })
		expect(settings.modeProviders).toEqual({})
		expect(settings.provider).toEqual(sonnet)
	})

	it("changes nothing in settings already consistent", () => {
		const { settings: once } = withConsistentProfiles(
			cairnSettingsSchema.parse({ provider: sonnet }),
			ids(),
		)
		const { settings: twice, changes } = withConsistentProfiles(once, ids())
		expect(twice).toEqual(once)
		expect(changes.created).toEqual([])
	})

	it("a provider a client sets changes the current profile only", () => {
		const base = {
			...defaultSettings(),
			profiles: [profile("a", "Cloud"), profile("b", "Local", qwen)],
			currentProfileId: "b",
			provider: qwen,
		}
		const edited = { ...qwen, modelId: "qwen3:32b" }
		const { settings } = withConsistentProfiles({ ...base, provider: edited }, ids())
		expect(settings.profiles).toEqual([profile("a", "Cloud"), profile("b", "Local", edited)])
		expect(settings.provider).toEqual(edited)
	})

	it("the provider in effect follows the current profile; a missing one falls back to the first", () => {
		const profiles = [profile("a", "Cloud"), profile("b", "Local", qwen)]
		const chosen = { ...defaultSettings(), profiles, currentProfileId: "b" }
		expect(withConsistentProfiles(chosen, ids()).settings.provider).toEqual(qwen)
		const dangling = { ...chosen, currentProfileId: "gone", modeProfiles: { ask: "gone", code: "b" } }
		const { settings } = withConsistentProfiles(dangling, ids())
		expect(settings.currentProfileId).toBe("a")
		expect(settings.provider).toEqual(sonnet)
		expect(settings.modeProfiles).toEqual({ code: "b" })
	})

	it("without profiles or a provider there is no provider in effect", () => {
		const { settings } = withConsistentProfiles(defaultSettings(), ids())
		expect(settings.provider).toBeUndefined()
		expect(settings.currentProfileId).toBeUndefined()
	})
})

describe("the profiles export", () => {
	it("holds names and provider settings, never ids, keys or extra headers, and reads back", () => {
		const gateway = { ...qwen, headers: { "X-Gateway-Token": "tok-123" } }
		const text = exportProfiles([profile("a", "Cloud"), profile("b", "Local", gateway)])
		expect(text).not.toContain('"id"')
		expect(text).not.toContain("tok-123")
		const parsed = safeParseJson(profilesExportSchema, text)
		expect(parsed).toEqual({
			success: true,
			data: {
				cairnProfiles: 1,
				profiles: [
					{ name: "Cloud", provider: sonnet },
					{ name: "Local", provider: qwen },
				],
			},
		})
	})

	it("refuses another file or a bad field with where it is", () => {
		const other = safeParse(profilesExportSchema, { customModes: [] })
		if (other.success) throw new Error("accepted a modes file")
		expect(other.error).toContain("not a Cairn profiles export")
		const bad = safeParse(profilesExportSchema, {
			cairnProfiles: 1,
			profiles: [{ name: "X", provider: { provider: "openai", modelId: "m", baseUrl: "ftp://x" } }],
		})
		if (bad.success) throw new Error("accepted an ftp URL")
		expect(bad.error).toContain("profiles.0.provider.baseUrl: must be an http(s) URL")
	})
})
