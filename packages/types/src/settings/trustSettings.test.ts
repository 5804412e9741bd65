import { describe, expect, it } from "vitest"
import { trustSettingsIn } from "./trustSettings.js"

const current = {
	provider: {
		provider: "openai",
		modelId: "gpt-4.1",
		baseUrl: "https://gateway.example/v1",
		headers: { "x-team": "a" },
	},
} as const

describe("trustSettingsIn: which settings of a patch only the person may change", () => {
	it("names every trust setting, auto-approval field by field", () => {
		expect(
			trustSettingsIn(
				{
					commandSandbox: true,
					autoApproval: { enabled: false, execute: true },
					allowedCommands: [],
					hooks: { PreToolUse: [], PostToolUse: [] },
					codebaseIndex: { embedding: null, enabled: true },
					apiKey: "k",
				},
				current,
			),
		).toEqual([
			"commandSandbox",
			"autoApproval.enabled",
			"autoApproval.execute",
			"allowedCommands",
			"hooks",
			"codebaseIndex.embedding",
			"apiKey",
		])
	})

	it("everyday settings are none of them", () => {
		expect(
			trustSettingsIn(
				{ mode: "ask", language: "ja", commandTimeoutSec: 0, codebaseIndex: { maxResults: 5 } },
				current,
			),
		).toEqual([])
	})

	it("a provider that picks another model on the same endpoint is everyday; where requests go is not", () => {
		const sameEndpoint = { ...current.provider, modelId: "gpt-4.1-mini", temperature: 0.2 }
		expect(trustSettingsIn({ provider: sameEndpoint }, current)).toEqual([])
		// Headers written in another order are the same headers.
		expect(
			trustSettingsIn({ provider: { ...sameEndpoint, headers: { "x-team": "a" } } }, current),
		).toEqual([])
		expect(
			trustSettingsIn(
				{ provider: { ...sameEndpoint, baseUrl: "https://attacker.example/v1" } },
				current,
			),
		).toEqual(["provider.baseUrl"])
		const { baseUrl: _default, ...toTheDefaultEndpoint } = sameEndpoint
		expect(trustSettingsIn({ provider: toTheDefaultEndpoint }, current)).toEqual(["provider.baseUrl"])
		expect(
			trustSettingsIn({ provider: { ...sameEndpoint, headers: { "x-team": "b" } } }, current),
		).toEqual(["provider.headers"])
		expect(trustSettingsIn({ provider: { ...sameEndpoint, provider: "anthropic" } }, current)).toEqual([
			"provider.provider",
		])
		// With no provider yet, choosing the first one is the person's.
		expect(trustSettingsIn({ provider: sameEndpoint }, {})).toEqual(["provider"])
	})

	it("a setting it does not know (a newer client's) is the person's too", () => {
		expect(trustSettingsIn({ sandboxEverything: false } as never, current)).toEqual(["sandboxEverything"])
	})
})
