import type { ProviderSettings } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { buildProvider, noApiKeyPlaceholder } from "./buildProvider.js"
import { ProviderError } from "./providerError.js"
import { drain, textOf, useModelServers } from "./test-support/providerTesting.js"

const start = useModelServers()

function thrown(run: () => unknown): unknown {
	try {
		run()
	} catch (error) {
		return error
	}
	return undefined
}

describe("buildProvider", () => {
	it("builds the provider named in the settings, with the catalog's model info", () => {
		const anthropic = buildProvider({ provider: "anthropic", modelId: "claude-opus-5-5" }, "sk-ant")
		expect(anthropic.name).toBe("anthropic")
		expect(anthropic.model).toMatchObject({
			id: "claude-opus-5-5",
			info: { inputPrice: 4, contextWindow: 1_000_000 },
		})
		const openai = buildProvider({ provider: "openai", modelId: "gpt-5-mini-2025-08-07" }, "sk")
		expect(openai.name).toBe("openai")
		expect(openai.model.info.inputPrice).toBe(0.25)
	})

	it("refuses a missing or blank key for Anthropic and for OpenAI's own endpoint, saying where to set it", () => {
		for (const [settings, key] of [
			[{ provider: "anthropic", modelId: "claude-opus-5-5" }, undefined],
			[{ provider: "anthropic", modelId: "claude-opus-5-5" }, "  "],
			[{ provider: "openai", modelId: "gpt-5.2" }, undefined],
		] as [ProviderSettings, string | undefined][]) {
			const error = thrown(() => buildProvider(settings, key))
			expect(error).toBeInstanceOf(ProviderError)
			expect((error as ProviderError).kind).toBe("auth")
			expect((error as ProviderError).message).toMatch(
				/No API key is set for (Anthropic|OpenAI).*settings/,
			)
		}
	})

	it("refuses OpenRouter without a key, and builds LM Studio without one", () => {
		const error = thrown(() => buildProvider({ provider: "openrouter", modelId: "x/y" }, undefined))
		expect((error as ProviderError).message).toMatch(/No API key is set for OpenRouter/)
		const lmstudio = buildProvider({ provider: "lmstudio", modelId: "local" }, undefined)
		expect(lmstudio.name).toBe("lmstudio")
	})

	it("names LM Studio and its address when it cannot be reached", async () => {
		const server = await start()
		const baseUrl = server.openaiBaseURL
		await server.close()
		const { error } = await drain(
			buildProvider({ provider: "lmstudio", modelId: "local", baseUrl }, undefined),
		)
		expect((error as ProviderError).message).toContain(`Could not connect to LM Studio at ${baseUrl}`)
	})

	it("builds Ollama without a key, with zero prices for any model", () => {
		const ollama = buildProvider({ provider: "ollama", modelId: "llama3.3:70b" }, undefined)
		expect(ollama.name).toBe("ollama")
		expect(ollama.model.info).toMatchObject({ inputPrice: 0, outputPrice: 0 })
	})

	it("lets a keyless OpenAI-compatible endpoint through, sending a placeholder key", async () => {
		const server = await start({ scenario: [{ text: "from LM Studio" }] })
		const local = buildProvider(
			{ provider: "openai", modelId: "qwen3-coder-30b", baseUrl: server.openaiBaseURL },
			undefined,
		)
		const { chunks, error } = await drain(local)
		expect(error).toBeUndefined()
		expect(textOf(chunks)).toBe("from LM Studio")
		expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${noApiKeyPlaceholder}`)
	})

	it("merges modelInfo overrides over the catalog and over the defaults", () => {
		const known = buildProvider(
			{
				provider: "anthropic",
				modelId: "claude-haiku-4-5",
				modelInfo: { inputPrice: 0.5, maxOutputTokens: 4_096 },
			},
			"sk",
		)
		expect(known.model.info).toMatchObject({
			inputPrice: 0.5,
			maxOutputTokens: 4_096,
			outputPrice: 5,
			cacheReadsPrice: 0.1,
		})
		const unknown = buildProvider(
			{
				provider: "openai",
				modelId: "my-finetune",
				baseUrl: "http://localhost:1234/v1",
				modelInfo: { contextWindow: 32_000, supportsImages: true },
			},
			undefined,
		)
		expect(unknown.model.info).toEqual({
			contextWindow: 32_000,
			maxOutputTokens: 16_384,
			inputPrice: 0,
			outputPrice: 0,
			// Not free: nobody said what it costs.
			priceUnknown: true,
			supportsImages: true,
			supportsPromptCache: false,
			supportsReasoning: false,
		})
	})
})
