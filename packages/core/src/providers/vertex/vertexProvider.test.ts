import { describe, expect, it } from "vitest"
import { buildProvider } from "../buildProvider.js"
import { requestCost } from "../cost.js"
import { resolveModelInfo } from "../modelCatalog.js"
import {
	drain,
	ofType,
	sampleArgs,
	testVertexSettings,
	textOf,
	useModelServers,
	vertexAt,
} from "../test-support/providerTesting.js"

const start = useModelServers()

const claude = "claude-sonnet-4-5@20250929"
const gemini = "gemini-2.5-pro"

describe("VertexProvider", () => {
	it("sends claude… ids to Anthropic's publisher path with the Google token, through the Anthropic mapping", async () => {
		const server = await start({
			scenario: [
				{
					text: "Hi from Claude",
					toolCalls: [{ name: "read_file", arguments: sampleArgs }],
					argumentChunks: 4,
					usage: { inputTokens: 1_000, outputTokens: 100, cacheReadInputTokens: 2_000 },
				},
			],
		})
		const provider = vertexAt(server, claude)
		expect(provider.name).toBe("vertex")
		const { chunks, error } = await drain(provider)
		expect(error).toBeUndefined()
		expect(textOf(chunks)).toBe("Hi from Claude")
		expect(
			ofType(chunks, "tool_call_partial")
				.map((c) => c.argumentsDelta)
				.join(""),
		).toBe(JSON.stringify(sampleArgs))
		const usage = ofType(chunks, "usage").at(-1)!
		expect(usage).toMatchObject({ inputTokens: 1_000, outputTokens: 100, cacheReadTokens: 2_000 })
		// claude-sonnet-4-5: $3 / M input, $15 / M output, $0.3 / M cache reads.
		expect(requestCost(provider.model.info, usage)).toBeCloseTo((3_000 + 1_500 + 600) / 1e6, 10)
		const request = server.requests[0]
		expect(request?.path).toBe(
			`/v1/projects/cairn-project/locations/us-east5/publishers/anthropic/models/${claude}:streamRawPredict`,
		)
		expect(request?.headers.authorization).toBe("Bearer vertex-test-token")
	})

	it("sends other ids to Google's publisher path through the Gemini mapping", async () => {
		const server = await start({
			scenario: [{ text: "Hi from Gemini", usage: { inputTokens: 10, outputTokens: 5 } }],
		})
		const { chunks, error } = await drain(vertexAt(server, gemini))
		expect(error).toBeUndefined()
		expect(textOf(chunks)).toBe("Hi from Gemini")
		expect(ofType(chunks, "usage").at(-1)).toMatchObject({ inputTokens: 10, outputTokens: 5 })
		expect(server.requests[0]?.path).toBe(
			`/v1/projects/cairn-project/locations/us-east5/publishers/google/models/${gemini}:streamGenerateContent`,
		)
		expect(server.requests[0]?.headers.authorization).toBe("Bearer vertex-test-token")
	})

	it.each([claude, gemini])(
		"%s: 429 is rate_limit with its wait, 500 server, 401 auth naming Google's credentials",
		async (model) => {
			const server = await start({
				scenario: [
					{ error: { status: 429, retryAfter: 2 } },
					{ error: { status: 500 } },
					{ error: { status: 401 } },
				],
			})
			const limited = await drain(vertexAt(server, model))
			expect(limited.error?.kind).toBe("rate_limit")
			expect(limited.error?.details.retryAfterMs).toBe(2_000)
			expect((await drain(vertexAt(server, model))).error?.kind).toBe("server")
			const denied = await drain(vertexAt(server, model))
			expect(denied.error?.kind).toBe("auth")
			expect(denied.error?.message).toContain("Google Cloud credentials")
			expect(denied.error?.message).toContain("gcloud auth application-default login")
			// Neither SDK retried on its own.
			expect(server.requests).toHaveLength(3)
		},
	)

	it.each([claude, gemini])("%s: a prompt over the window is context_overflow", async (model) => {
		const server = await start({ contextWindow: 100, scenario: [{ text: "never" }] })
		const { error } = await drain(vertexAt(server, model), {
			messages: [{ role: "user", content: [{ type: "text", text: "word ".repeat(400) }] }],
		})
		expect(error?.kind).toBe("context_overflow")
	})

	it("reports credentials it cannot load as auth, before any request", async () => {
		const server = await start({ scenario: [{ text: "never" }] })
		const settings = {
			provider: "vertex" as const,
			modelId: gemini,
			baseUrl: server.url,
			vertex: { ...testVertexSettings, credentialsFile: "/nonexistent/cairn-key.json" },
		}
		const { error } = await drain(buildProvider(settings, undefined))
		expect(error?.kind).toBe("auth")
		expect(error?.message).toContain("/nonexistent/cairn-key.json")
		expect(server.requests).toHaveLength(0)
	})

	it("asks for a project and a region when they are missing", () => {
		expect(() => buildProvider({ provider: "vertex", modelId: gemini }, undefined)).toThrow(
			/project id and a region/,
		)
		expect(resolveModelInfo("vertex", gemini).contextWindow).toBe(1_048_576)
	})
})
