import { describe, expect, it } from "vitest"
import { useModelServers } from "../test-support/providerTesting.js"
import { listModels } from "./listModels.js"
import { testByRequest, testConnection } from "./testConnection.js"

const start = useModelServers()

describe("testConnection", () => {
	it("succeeds when the key is taken and the model is listed, saying how many models there are", async () => {
		const server = await start({ apiKey: "right", models: ["gpt-4.1", "gpt-5"] })
		const settings = { provider: "openai" as const, modelId: "gpt-5", baseUrl: server.openaiBaseURL }
		expect(await testConnection(settings, "right")).toEqual({
			ok: true,
			message: `Connected to the OpenAI-compatible server at ${server.openaiBaseURL}: it lists 2 models, "gpt-5" among them.`,
			modelCount: 2,
		})
	})

	it("tells a wrong key, a wrong address and a wrong path apart", async () => {
		const server = await start({ apiKey: "right", models: ["m"] })
		const settings = { provider: "openrouter" as const, modelId: "m", baseUrl: server.openaiBaseURL }
		const wrongKey = await testConnection(settings, "wrong")
		expect(wrongKey).toMatchObject({ ok: false, problem: "auth" })
		expect(wrongKey.message).toMatch(
			/^The API key for OpenRouter \(.*\) was rejected \(401: Incorrect API key provided\.\)/,
		)

		const wrongPath = await testConnection({ ...settings, baseUrl: `${server.url}/api/v1` }, "right")
		expect(wrongPath).toMatchObject({ ok: false, problem: "not_found" })

		const closed = await start()
		const nowhere = closed.openaiBaseURL
		await closed.close()
		const unreachable = await testConnection({ ...settings, baseUrl: nowhere }, "right")
		expect(unreachable).toMatchObject({ ok: false, problem: "unreachable" })
		expect(unreachable.message).toContain(`Could not connect to OpenRouter (${nowhere})`)
		// The same kind a task's failed request carries, for the client to word.
		expect(unreachable.failure).toMatchObject({
			kind: "provider_unreachable",
			params: { said: expect.stringMatching(/ECONNREFUSED/) },
		})
	})

	it("names a model the provider does not list, with some of those it does", async () => {
		const models = ["a", "b", "c", "d", "e", "f", "g"]
		const server = await start({ models })
		const result = await testConnection(
			{ provider: "ollama", modelId: "qwen3:8b", baseUrl: server.url },
			undefined,
		)
		expect(result).toEqual({
			ok: false,
			problem: "model_missing",
			message: `Connected to Ollama at ${server.url}, but it does not list the model "qwen3:8b". It lists a, b, c, d, e and 2 more.`,
			modelCount: 7,
		})
	})
})

describe("the editor's own models (VS Code's Language Model API)", () => {
	const editorModels = async () => [
		{ id: "gpt-4.1", name: "GPT-4.1 (copilot)", info: { contextWindow: 128_000 } },
		{ id: "claude-sonnet-4", name: "Claude Sonnet 4 (copilot)", info: {} },
	]
	const settings = (modelId: string) => ({ provider: "vscode-lm" as const, modelId })

	it("lists what the editor gives, sorted, with the catalog's info under the editor's", async () => {
		const models = await listModels(settings(""), undefined, { editorModels })
		expect(models.map((model) => model.id)).toEqual(["claude-sonnet-4", "gpt-4.1"])
		expect(models[1]?.info.contextWindow).toBe(128_000)
	})

	it("finds the model among them, or names those there are", async () => {
		expect(await testConnection(settings("gpt-4.1"), undefined, { editorModels })).toMatchObject({
			ok: true,
			modelCount: 2,
		})
		const missing = await testConnection(settings("o3"), undefined, { editorModels })
		expect(missing).toMatchObject({ ok: false, problem: "model_missing" })
		expect(missing.message).toBe(
			`Connected to VS Code's language models, but it does not list the model "o3". It lists claude-sonnet-4, gpt-4.1.`,
		)
	})

	it("outside the editor there is no list to ask", async () => {
		await expect(listModels(settings("gpt-4.1"), undefined)).rejects.toThrow(
			/cannot list its models here/,
		)
	})
})

describe("testByRequest, for providers that cannot list their models", () => {
	it("passes when the model starts answering, and stops the answer there", async () => {
		const server = await start({
			scenario: [{ text: "Ready, and a long answer after it.", textChunks: 8 }],
		})
		const settings = { provider: "openai" as const, modelId: "m", baseUrl: server.openaiBaseURL }
		expect(await testByRequest(settings, "sk-test-key")).toEqual({
			ok: true,
			message: `Connected to the OpenAI-compatible server at ${server.openaiBaseURL}: "m" answered.`,
		})
	})

	it("tells a rejected key from an unknown model", async () => {
		const server = await start({
			scenario: [
				{ error: { status: 401, message: "bad key" } },
				{ error: { status: 404, message: "no such model" } },
			],
		})
		const settings = { provider: "openai" as const, modelId: "m", baseUrl: server.openaiBaseURL }
		expect(await testByRequest(settings, "sk-test-key")).toMatchObject({ ok: false, problem: "auth" })
		const unknown = await testByRequest(settings, "sk-test-key")
		expect(unknown).toMatchObject({ ok: false, problem: "model_missing" })
		expect(unknown.message).toContain('The model id "m" is unknown')
	})
})
