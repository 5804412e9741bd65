import type { ProviderSettings } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { discoverModelInfo } from "./modelDiscovery.js"
import { useModelServers } from "./test-support/providerTesting.js"

const start = useModelServers()

const openai = (baseUrl: string, modelId = "served-model"): ProviderSettings => ({
	provider: "openai",
	modelId,
	baseUrl,
})

describe("discoverModelInfo asks an OpenAI-compatible server's model list", () => {
	it("OpenRouter: the context length and the top provider's output cap", async () => {
		const server = await start({
			overflowStyle: "openrouter",
			contextWindow: 64_000,
			maxOutputTokens: 8_192,
			models: ["served-model"],
		})
		expect(await discoverModelInfo(openai(server.openaiBaseURL))).toEqual({
			contextWindow: 64_000,
			maxOutputTokens: 8_192,
		})
	})

	it("vLLM: max_model_len", async () => {
		const server = await start({ overflowStyle: "vllm", contextWindow: 32_768, models: ["served-model"] })
		expect(await discoverModelInfo(openai(server.openaiBaseURL))).toEqual({ contextWindow: 32_768 })
	})

	it("LM Studio: the loaded context, from its own REST API when /v1/models says nothing", async () => {
		const server = await start({
			overflowStyle: "lmstudio",
			contextWindow: 16_384,
			models: ["served-model"],
		})
		expect(await discoverModelInfo(openai(server.openaiBaseURL))).toEqual({ contextWindow: 16_384 })
		expect(server.requests.map((r) => r.path)).toEqual(["/v1/models", "/api/v0/models"])
	})

	it("OpenAI itself says nothing, and a model missing from the list gets nothing", async () => {
		const plain = await start({ contextWindow: 64_000, models: ["served-model"] })
		expect(await discoverModelInfo(openai(plain.openaiBaseURL))).toBeUndefined()
		const other = await start({ overflowStyle: "vllm", contextWindow: 32_768, models: ["another"] })
		expect(await discoverModelInfo(openai(other.openaiBaseURL))).toBeUndefined()
	})

	it("sends the key and the person's headers as the provider does", async () => {
		const server = await start({ overflowStyle: "vllm", contextWindow: 4_096, models: ["served-model"] })
		const settings = { ...openai(server.openaiBaseURL), headers: { "x-gateway": "cairn" } }
		await discoverModelInfo(settings, { apiKey: "sk-local" })
		expect(server.requests[0]?.headers).toMatchObject({
			authorization: "Bearer sk-local",
			"x-gateway": "cairn",
		})
	})

	it("keeps an answer for the process, and tries a failed lookup again", async () => {
		const server = await start({ overflowStyle: "vllm", contextWindow: 8_192, models: ["served-model"] })
		const settings = openai(`${server.openaiBaseURL}/`)
		await discoverModelInfo(settings)
		expect(await discoverModelInfo(settings)).toEqual({ contextWindow: 8_192 })
		expect(server.requests).toHaveLength(1)

		const gone = await start()
		await gone.close()
		const logged: string[] = []
		const debug = (message: string, details: Record<string, unknown>) =>
			logged.push(`${message}: ${String(details.error)}`)
		expect(await discoverModelInfo(openai(gone.openaiBaseURL), { debug })).toBeUndefined()
		expect(await discoverModelInfo(openai(gone.openaiBaseURL), { debug })).toBeUndefined()
		expect(logged).toHaveLength(2)
		expect(logged[0]).toMatch(/^Could not ask the server about the model: TypeError: fetch failed/)
	})

	it("asks nothing of OpenAI's own API or Anthropic", async () => {
		expect(await discoverModelInfo({ provider: "openai", modelId: "gpt-5.2" })).toBeUndefined()
		expect(await discoverModelInfo({ provider: "anthropic", modelId: "claude-opus-5-5" })).toBeUndefined()
	})
})

describe("discoverModelInfo asks Ollama's /api/show", () => {
	it("lowers the window to the model's own context when that is smaller than Cairn's num_ctx", async () => {
		const server = await start({ contextWindow: 8_192 })
		const settings: ProviderSettings = {
			provider: "ollama",
			modelId: "small:1b",
			baseUrl: server.ollamaHost,
		}
		expect(await discoverModelInfo(settings)).toEqual({ contextWindow: 8_192 })
		expect(server.requests[0]).toMatchObject({
			method: "POST",
			path: "/api/show",
			body: { model: "small:1b" },
		})
	})

	it("leaves the window alone for a model with more context than Cairn asks for", async () => {
		const server = await start({ contextWindow: 131_072 })
		const settings: ProviderSettings = {
			provider: "ollama",
			modelId: "big:70b",
			baseUrl: server.ollamaHost,
		}
		expect(await discoverModelInfo(settings)).toBeUndefined()
	})
})
