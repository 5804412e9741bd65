import { describe, expect, it } from "vitest"
import { ProviderError } from "../providerError.js"
import { useModelServers } from "../test-support/providerTesting.js"
import { listModels } from "./listModels.js"

const start = useModelServers()

async function failure(run: Promise<unknown>): Promise<ProviderError> {
	const error = await run.then(
		() => undefined,
		(caught: unknown) => caught,
	)
	expect(error).toBeInstanceOf(ProviderError)
	return error as ProviderError
}

describe("listModels from each kind of server", () => {
	it("OpenAI: the ids, with what Cairn's catalog knows of them, sorted", async () => {
		const server = await start({ models: ["gpt-4.1", "a-local-model"] })
		const models = await listModels(
			{ provider: "openai", modelId: "", baseUrl: server.openaiBaseURL },
			"sk",
		)
		expect(models.map((m) => m.id)).toEqual(["a-local-model", "gpt-4.1"])
		expect(models[0]?.info).toEqual({})
		expect(models[1]?.info).toMatchObject({
			inputPrice: expect.any(Number),
			contextWindow: expect.any(Number),
		})
		expect(server.requests[0]?.headers.authorization).toBe("Bearer sk")
	})

	it("OpenRouter: context, output cap, prices per million, images, tools and reasoning", async () => {
		const server = await start({
			overflowStyle: "openrouter",
			contextWindow: 200_000,
			maxOutputTokens: 64_000,
			models: ["anthropic/claude-sonnet-4.5"],
		})
		const [model] = await listModels(
			{ provider: "openrouter", modelId: "", baseUrl: server.openaiBaseURL },
			"or-key",
		)
		expect(model).toEqual({
			id: "anthropic/claude-sonnet-4.5",
			info: {
				contextWindow: 200_000,
				maxOutputTokens: 64_000,
				inputPrice: 3,
				outputPrice: 15,
				cacheReadsPrice: 0.3,
				supportsPromptCache: true,
				supportsImages: false,
				supportsReasoning: true,
			},
			supportsTools: true,
		})
	})

	it("vLLM: max_model_len as the context window", async () => {
		const server = await start({ overflowStyle: "vllm", contextWindow: 32_768, models: ["served"] })
		const models = await listModels(
			{ provider: "openai", modelId: "", baseUrl: server.openaiBaseURL },
			undefined,
		)
		expect(models).toEqual([{ id: "served", info: { contextWindow: 32_768 } }])
	})

	it("LM Studio: the loaded context from its REST API, with no key", async () => {
		const server = await start({ overflowStyle: "lmstudio", contextWindow: 16_384, models: ["local-7b"] })
		const models = await listModels(
			{ provider: "lmstudio", modelId: "", baseUrl: server.openaiBaseURL },
			undefined,
		)
		expect(models).toEqual([{ id: "local-7b", info: { contextWindow: 16_384, supportsImages: false } }])
		expect(server.requests.map((r) => r.path)).toEqual(["/v1/models", "/api/v0/models"])
	})

	it("Ollama: the tags, each model's context length and capabilities from /api/show", async () => {
		const server = await start({ contextWindow: 8_192, models: ["qwen3:8b", "llama3.2:3b"] })
		const models = await listModels({ provider: "ollama", modelId: "", baseUrl: server.url }, undefined)
		expect(models).toEqual([
			{
				id: "llama3.2:3b",
				info: {
					inputPrice: 0,
					outputPrice: 0,
					contextWindow: 8_192,
					supportsImages: false,
					supportsReasoning: false,
				},
				supportsTools: true,
			},
			{
				id: "qwen3:8b",
				info: {
					inputPrice: 0,
					outputPrice: 0,
					contextWindow: 8_192,
					supportsImages: false,
					supportsReasoning: false,
				},
				supportsTools: true,
			},
		])
		expect(server.requests.filter((r) => r.path === "/api/show").map((r) => r.body)).toEqual([
			{ model: "qwen3:8b" },
			{ model: "llama3.2:3b" },
		])
	})

	it("Anthropic: through its SDK, the input and output limits over the catalog's prices", async () => {
		const server = await start({
			contextWindow: 1_000_000,
			maxOutputTokens: 128_000,
			models: ["claude-opus-5-5"],
		})
		const [model] = await listModels(
			{ provider: "anthropic", modelId: "", baseUrl: server.url },
			"sk-ant",
		)
		expect(model?.id).toBe("claude-opus-5-5")
		expect(model?.info).toMatchObject({
			contextWindow: 1_000_000,
			maxOutputTokens: 128_000,
			inputPrice: 4,
		})
		expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-ant")
	})
})

describe("listModels failing", () => {
	it("says the key was rejected, for a plain request and through an SDK", async () => {
		const server = await start({ apiKey: "right" })
		const openai = await failure(
			listModels({ provider: "openai", modelId: "", baseUrl: server.openaiBaseURL }, "wrong"),
		)
		expect(openai.kind).toBe("auth")
		expect(openai.message).toMatch(
			/The API key for the OpenAI-compatible server at .* was rejected \(401/,
		)
		const anthropic = await failure(
			listModels({ provider: "anthropic", modelId: "", baseUrl: server.url }, "wrong"),
		)
		expect(anthropic.kind).toBe("auth")
		expect(anthropic.message).toMatch(/The API key for Anthropic \(.*\) was rejected \(401/)
	})

	it("says where it could not connect, and which address has no list", async () => {
		const server = await start()
		const closedUrl = server.openaiBaseURL
		const nowhere = await failure(
			(async () => {
				await server.close()
				return listModels({ provider: "lmstudio", modelId: "", baseUrl: closedUrl }, undefined)
			})(),
		)
		expect(nowhere.kind).toBe("network")
		expect(nowhere.message).toContain(`Could not connect to LM Studio at ${closedUrl}`)
		const other = await start()
		const wrongPath = await failure(
			listModels({ provider: "openai", modelId: "", baseUrl: `${other.url}/wrong` }, undefined),
		)
		expect(wrongPath.details.status).toBe(404)
		expect(wrongPath.message).toBe(
			`The OpenAI-compatible server at ${other.url}/wrong has no model list at ${other.url}/wrong/models (404). Check the base URL: it usually ends in the API's version, like /v1.`,
		)
	})

	it("asks for a key before asking a provider that needs one, and refuses providers that cannot list", async () => {
		expect((await failure(listModels({ provider: "openrouter", modelId: "" }, " "))).message).toMatch(
			/No API key is set for OpenRouter/,
		)
		expect((await failure(listModels({ provider: "bedrock", modelId: "" }, "k"))).message).toBe(
			"AWS Bedrock cannot list its models here; type the model id.",
		)
	})
})

describe("listModels from Gemini", () => {
	it("lists the models that generate content, with their input and output limits", async () => {
		const server = await start({
			contextWindow: 1_048_576,
			maxOutputTokens: 65_536,
			models: ["gemini-2.5-pro"],
		})
		const models = await listModels({ provider: "gemini", modelId: "", baseUrl: server.url }, "AIza-test")
		expect(models).toEqual([
			{
				id: "gemini-2.5-pro",
				info: expect.objectContaining({
					contextWindow: 1_048_576,
					maxOutputTokens: 65_536,
					supportsReasoning: true,
				}),
				supportsTools: true,
			},
		])
		expect(server.requests[0]?.headers["x-goog-api-key"]).toBe("AIza-test")
	})

	it("reports a rejected key as one", async () => {
		const server = await start({ apiKey: "right" })
		const error = await failure(
			listModels({ provider: "gemini", modelId: "", baseUrl: server.url }, "wrong"),
		)
		expect(error.kind).toBe("auth")
		expect(error.message).toMatch(/^The API key for Google Gemini \(.*\) was rejected/)
	})
})
