import { describe, expect, it } from "vitest"
import { cairnConfigurationPatchSchema, configurationMessages, startTaskOptionsSchema } from "./cairnApi.js"

const provider = { provider: "openai", modelId: "gpt-4.1", baseUrl: "http://127.0.0.1:9/v1" } as const

describe("configurationMessages: a configuration patch as a settings panel sends it", () => {
	const program = {
		current: { provider: { ...provider, provider: "anthropic" as const } },
		mayChangeTrust: false,
	}
	const allowed = { ...program, mayChangeTrust: true }

	it("everyday settings go as updateSettings, the same endpoint's other model among them", () => {
		const otherModel = { ...program.current.provider, modelId: "claude-haiku" }
		expect(configurationMessages({ mode: "ask", provider: otherModel }, program)).toEqual({
			success: true,
			data: [{ type: "updateSettings", settings: { mode: "ask", provider: otherModel } }],
		})
	})

	it("a program's patch naming a trust setting is refused whole, before any message", () => {
		expect(configurationMessages({ provider, mode: "ask", apiKey: "k" }, program)).toEqual({
			success: false,
			error: expect.stringMatching(/^provider\.provider, apiKey are trust settings/),
		})
	})

	it("where the person allowed it: the settings as the person's own change, then the key for the provider they configure", () => {
		expect(configurationMessages({ provider, mode: "ask", apiKey: "k" }, allowed)).toEqual({
			success: true,
			data: [
				{ type: "updateTrustSettings", settings: { provider, mode: "ask" } },
				{ type: "updateApiKey", provider: "openai", apiKey: "k" },
			],
		})
		expect(configurationMessages({ apiKey: "k" }, allowed)).toEqual({
			success: true,
			data: [{ type: "updateApiKey", provider: "anthropic", apiKey: "k" }],
		})
	})

	it("an empty patch changes nothing", () => {
		expect(configurationMessages({}, program)).toEqual({ success: true, data: [] })
	})

	it("a key with no provider anywhere is an error", () => {
		expect(configurationMessages({ apiKey: "k" }, { current: {}, mayChangeTrust: true })).toEqual({
			success: false,
			error: expect.stringMatching(/no provider/),
		})
	})
})

describe("the API's input schemas", () => {
	it("refuse unknown settings, so a typo is reported rather than ignored", () => {
		expect(cairnConfigurationPatchSchema.safeParse({ mdoe: "ask" }).success).toBe(false)
		expect(cairnConfigurationPatchSchema.safeParse({ autoApproval: { readOnyl: true } }).success).toBe(
			false,
		)
	})

	it("accept a partial auto-approval change and a key", () => {
		expect(cairnConfigurationPatchSchema.parse({ autoApproval: { enabled: true }, apiKey: "k" })).toEqual(
			{ autoApproval: { enabled: true }, apiKey: "k" },
		)
	})

	it("a task needs text; images must be data URIs", () => {
		expect(startTaskOptionsSchema.safeParse({ text: "" }).success).toBe(false)
		expect(startTaskOptionsSchema.safeParse({ text: "go", images: ["file:///x.png"] }).success).toBe(
			false,
		)
		expect(startTaskOptionsSchema.parse({ text: "go", configuration: { mode: "ask" } })).toEqual({
			text: "go",
			configuration: { mode: "ask" },
		})
	})
})
