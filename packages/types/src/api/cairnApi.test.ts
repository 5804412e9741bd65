import { describe, expect, it } from "vitest"
import { cairnConfigurationPatchSchema, configurationMessages, startTaskOptionsSchema } from "./cairnApi.js"

const provider = { provider: "openai", modelId: "gpt-4.1", baseUrl: "http://127.0.0.1:9/v1" } as const

describe("configurationMessages: a configuration patch as a settings panel sends it", () => {
	it("settings first, then the key for the provider they configure", () => {
		expect(configurationMessages({ provider, mode: "ask", apiKey: "k" }, "anthropic")).toEqual({
			success: true,
			data: [
				{ type: "updateSettings", settings: { provider, mode: "ask" } },
				{ type: "updateApiKey", provider: "openai", apiKey: "k" },
			],
		})
	})

	it("a key alone goes to the provider already configured", () => {
		expect(configurationMessages({ apiKey: "k" }, "anthropic")).toEqual({
			success: true,
			data: [{ type: "updateApiKey", provider: "anthropic", apiKey: "k" }],
		})
	})

	it("an empty patch changes nothing", () => {
		expect(configurationMessages({}, undefined)).toEqual({ success: true, data: [] })
	})

	it("a key with no provider anywhere is an error", () => {
		expect(configurationMessages({ apiKey: "k" }, undefined)).toEqual({
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
