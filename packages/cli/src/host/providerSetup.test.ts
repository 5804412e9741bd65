import { describe, expect, it } from "vitest"
import { providerAfterFlags, runApiKey, settingsMessages, type ProviderFlags } from "./providerSetup.js"

const none: ProviderFlags = {
	provider: undefined,
	model: undefined,
	baseUrl: undefined,
	apiKey: undefined,
	mode: undefined,
}
const stored = {
	provider: "openai" as const,
	modelId: "gpt-4.1",
	baseUrl: "http://localhost:1/v1",
	temperature: 0.2,
}

describe("provider flags", () => {
	it("--provider switches provider with its default model; the same provider keeps what is stored", () => {
		expect(providerAfterFlags(stored, { ...none, provider: "anthropic" })).toEqual({
			provider: "anthropic",
			modelId: "claude-sonnet-4-5",
		})
		expect(providerAfterFlags(stored, { ...none, provider: "openai" })).toEqual(stored)
		expect(() => providerAfterFlags(undefined, { ...none, provider: "ollama" })).toThrow(
			/--model is required with --provider ollama/,
		)
	})

	it("--model and --base-url change the stored provider; nothing to change gives undefined", () => {
		expect(providerAfterFlags(stored, { ...none, model: "gpt-5" })).toEqual({
			...stored,
			modelId: "gpt-5",
		})
		expect(providerAfterFlags(stored, none)).toBeUndefined()
		expect(() => providerAfterFlags(undefined, none)).toThrow(/no model provider is configured/)
		expect(() => providerAfterFlags(undefined, { ...none, model: "x" })).toThrow(
			/--model needs --provider/,
		)
	})

	it("sends the changes as protocol messages", () => {
		expect(settingsMessages(stored, { ...none, apiKey: "sk-1", mode: "ask" })).toEqual([
			{ type: "updateApiKey", provider: "openai", apiKey: "sk-1" },
			{ type: "mode", mode: "ask" },
		])
	})

	it("the run's key: --api-key for the provider in use, else the environment", () => {
		const env = { ANTHROPIC_API_KEY: "env-a", OPENAI_API_KEY: " " }
		expect(runApiKey("anthropic", { provider: "anthropic", apiKey: "flag" }, env)).toBe("flag")
		expect(runApiKey("anthropic", { provider: "openai", apiKey: "flag" }, env)).toBe("env-a")
		expect(runApiKey("openai", { provider: undefined, apiKey: undefined }, env)).toBeUndefined()
		expect(runApiKey("ollama", { provider: undefined, apiKey: undefined }, env)).toBeUndefined()
	})
})
