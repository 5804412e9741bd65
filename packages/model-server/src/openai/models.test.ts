import OpenAI from "openai"
import { describe, expect, it } from "vitest"
import { useModelServers } from "../test-support/servers.js"

const start = useModelServers()

async function get(url: string): Promise<[number, unknown]> {
	const res = await fetch(url)
	return [res.status, await res.json()]
}

describe("GET /v1/models in each server's style", () => {
	it("OpenAI reports no context length, and has no LM Studio REST route", async () => {
		const server = await start({ contextWindow: 64_000, models: ["gpt-test"] })
		const page = await new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL }).models.list()
		expect(page.data).toEqual([
			{ id: "gpt-test", object: "model", created: 1_735_689_600, owned_by: "cairn" },
		])
		expect((await get(`${server.url}/api/v0/models`))[0]).toBe(404)
	})

	it("OpenRouter: context_length and top_provider, in a bare { data }", async () => {
		const server = await start({
			overflowStyle: "openrouter",
			contextWindow: 64_000,
			maxOutputTokens: 8_192,
			models: ["vendor/model"],
		})
		const [status, body] = await get(`${server.openaiBaseURL}/models`)
		expect(status).toBe(200)
		expect(Object.keys(body as object)).toEqual(["data"])
		expect((body as { data: unknown[] }).data[0]).toMatchObject({
			id: "vendor/model",
			context_length: 64_000,
			top_provider: { context_length: 64_000, max_completion_tokens: 8_192, is_moderated: false },
			pricing: { prompt: "0.000003", completion: "0.000015", input_cache_read: "0.0000003" },
		})
		const page = await new OpenAI({ apiKey: "k", baseURL: server.openaiBaseURL }).models.list()
		expect(page.data.map((m) => m.id)).toEqual(["vendor/model"])
	})

	it("vLLM: max_model_len on each model (legacy too)", async () => {
		for (const overflowStyle of ["vllm", "vllm-legacy"] as const) {
			const server = await start({ overflowStyle, contextWindow: 32_768, models: ["served"] })
			const [, body] = await get(`${server.openaiBaseURL}/models`)
			expect(body).toMatchObject({
				object: "list",
				data: [
					{
						id: "served",
						object: "model",
						owned_by: "vllm",
						root: "served",
						max_model_len: 32_768,
					},
				],
			})
		}
	})

	it("LM Studio: nothing on /v1/models; loaded and maximum context on /api/v0/models", async () => {
		const server = await start({ overflowStyle: "lmstudio", contextWindow: 16_384, models: ["local-7b"] })
		expect(await get(`${server.openaiBaseURL}/models`)).toEqual([
			200,
			{ object: "list", data: [{ id: "local-7b", object: "model", owned_by: "organization_owner" }] },
		])
		expect(await get(`${server.url}/api/v0/models`)).toEqual([
			200,
			{
				object: "list",
				data: [
					{
						id: "local-7b",
						object: "model",
						type: "llm",
						publisher: "cairn",
						arch: "cairn",
						compatibility_type: "gguf",
						quantization: "Q4_K_M",
						state: "loaded",
						max_context_length: 131_072,
						loaded_context_length: 16_384,
					},
				],
			},
		])
	})

	it("reports no window where none is set", async () => {
		const server = await start({ overflowStyle: "openrouter" })
		const [, body] = await get(`${server.openaiBaseURL}/models`)
		const entry = (body as { data: Record<string, unknown>[] }).data[0]
		expect(entry?.context_length).toBeUndefined()
		expect(entry?.top_provider).toMatchObject({ context_length: null, max_completion_tokens: null })
	})
})
