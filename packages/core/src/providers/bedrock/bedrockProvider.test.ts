import { describe, expect, it } from "vitest"
import { requestCost } from "../cost.js"
import {
	bedrockAt,
	drain,
	ofType,
	reasoningOf,
	readFileTool,
	richHistory,
	sampleArgs,
	textOf,
	useModelServers,
} from "../test-support/providerTesting.js"

const start = useModelServers()

describe("BedrockProvider streaming", () => {
	it("streams text deltas that reassemble, with the usage last", async () => {
		const server = await start({ scenario: [{ text: "Hello from Bedrock!", textChunks: 5 }] })
		const { chunks, error } = await drain(bedrockAt(server))
		expect(error).toBeUndefined()
		expect(ofType(chunks, "text")).toHaveLength(5)
		expect(textOf(chunks)).toBe("Hello from Bedrock!")
		expect(ofType(chunks, "usage")).toHaveLength(1)
		expect(chunks.at(-1)?.type).toBe("usage")
	})

	it("streams reasoning and hands its signature over for replay", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Let me think.",
					reasoningChunks: 3,
					reasoningSignature: "sig-1",
					text: "Done.",
				},
			],
		})
		const { chunks } = await drain(bedrockAt(server))
		expect(reasoningOf(chunks)).toBe("Let me think.")
		expect(ofType(chunks, "reasoning").filter((c) => c.signature)).toEqual([
			{ type: "reasoning", text: "", signature: "sig-1" },
		])
		expect(textOf(chunks)).toBe("Done.")
	})

	it("yields tool_call_partial chunks for the streamed input, then one tool_call with the exact JSON", async () => {
		const server = await start({
			scenario: [
				{
					text: "Reading.",
					toolCalls: [{ id: "tooluse_A", name: "read_file", arguments: sampleArgs }],
					argumentChunks: 7,
				},
			],
		})
		const { chunks } = await drain(bedrockAt(server))
		const partials = ofType(chunks, "tool_call_partial")
		expect(partials[0]).toEqual({
			type: "tool_call_partial",
			index: 0,
			id: "tooluse_A",
			name: "read_file",
			argumentsDelta: "",
		})
		expect(partials.slice(1)).toHaveLength(7)
		expect(partials.map((p) => p.argumentsDelta).join("")).toBe(JSON.stringify(sampleArgs))
		expect(ofType(chunks, "tool_call")).toEqual([
			{
				type: "tool_call",
				index: 0,
				id: "tooluse_A",
				name: "read_file",
				arguments: JSON.stringify(sampleArgs),
			},
		])
		const callAt = chunks.findIndex((c) => c.type === "tool_call")
		expect(chunks.findLastIndex((c) => c.type === "tool_call_partial")).toBeLessThan(callAt)
	})

	it("numbers two tool calls 0 and 1 after a text block, and a call without input gets {}", async () => {
		const server = await start({
			scenario: [
				{
					text: "Two calls.",
					toolCalls: [
						{ name: "read_file", arguments: { path: "a.ts" } },
						{ name: "list_files", arguments: "" },
					],
					argumentChunks: 3,
				},
			],
		})
		const calls = ofType((await drain(bedrockAt(server))).chunks, "tool_call")
		expect(calls.map((c) => [c.index, c.name, c.arguments])).toEqual([
			[0, "read_file", '{"path":"a.ts"}'],
			[1, "list_files", "{}"],
		])
		expect(new Set(calls.map((c) => c.id)).size).toBe(2)
	})

	it("reports uncached input, output and cache tokens, priced by the catalog for an inference profile", async () => {
		const server = await start({
			scenario: [
				{
					text: "ok",
					usage: {
						inputTokens: 1000,
						outputTokens: 500,
						cacheCreationInputTokens: 2000,
						cacheReadInputTokens: 10_000,
					},
				},
			],
		})
		const bedrock = bedrockAt(server, { modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0" })
		const { chunks } = await drain(bedrock)
		const usage = ofType(chunks, "usage").at(-1)
		expect(usage).toEqual({
			type: "usage",
			inputTokens: 1000,
			outputTokens: 500,
			cacheWriteTokens: 2000,
			cacheReadTokens: 10_000,
		})
		// Sonnet 4.5 on Bedrock: $3 in, $15 out, $3.75 cache write, $0.30 cache read per million.
		expect(requestCost(bedrock.model.info, usage!)).toBeCloseTo(0.003 + 0.0075 + 0.0075 + 0.003, 10)
	})
})

describe("BedrockProvider request", () => {
	it("sends the model in the path, maxTokens, the system prompt, tools and the history with cache points", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(
			bedrockAt(server, {
				modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
				bedrock: {
					region: "eu-west-1",
					auth: "accessKeys",
					accessKeyId: "AKIDCAIRNTEST",
					promptCache: true,
				},
				headers: { "x-gateway": "cairn" },
			}),
			{ messages: richHistory },
		)
		const request = server.requests[0]!
		expect(request.path).toBe("/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream")
		expect(request.headers.authorization).toMatch(/Credential=AKIDCAIRNTEST\/\d{8}\/eu-west-1\/bedrock\//)
		// Signed, so a gateway can trust it came with the request.
		expect(request.headers.authorization).toMatch(/SignedHeaders=[^,]*x-gateway/)
		expect(request.headers["x-gateway"]).toBe("cairn")
		expect(request.headers["amz-sdk-request"]).toBe("attempt=1; max=1")
		const body = request.body as Record<string, unknown>
		// A fifth of the 200k window: the output reserve.
		expect(body.inferenceConfig).toEqual({ maxTokens: 40_000 })
		expect(body.additionalModelRequestFields).toBeUndefined()
		const cachePoint = { cachePoint: { type: "default" } }
		expect(body.system).toEqual([{ text: "You are Cairn, a coding agent." }, cachePoint])
		expect(body.toolConfig).toEqual({
			tools: [
				{
					toolSpec: {
						name: "read_file",
						description: readFileTool.description,
						inputSchema: { json: readFileTool.inputSchema },
					},
				},
			],
		})
		// The SDK sends image bytes as base64.
		const image = { image: { format: "png", source: { bytes: expect.any(String) } } }
		expect(body.messages).toEqual([
			{ role: "user", content: [{ text: "What does a.ts export?" }, image, cachePoint] },
			{
				role: "assistant",
				content: [
					{
						reasoningContent: {
							reasoningText: { text: "I should read it.", signature: "sig-abc" },
						},
					},
					{ text: "Reading a.ts." },
					{ toolUse: { toolUseId: "call_1", name: "read_file", input: { path: "a.ts" } } },
				],
			},
			{
				role: "user",
				content: [
					{
						toolResult: {
							toolUseId: "call_1",
							content: [{ text: "export const a = 1" }, image],
							status: "success",
						},
					},
					{ text: "Explain it." },
					cachePoint,
				],
			},
		])
	})

	it("joins turns of one role, puts tool results first, drops unsigned reasoning and empty text, marks errors", async () => {
		const server = await start({ scenario: [{ text: "ok" }] })
		await drain(bedrockAt(server), {
			messages: [
				{ role: "user", content: [{ type: "text", text: "go" }] },
				{
					role: "assistant",
					content: [
						{ type: "reasoning", text: "unsigned" },
						{ type: "text", text: "" },
						{ type: "tool_use", id: "t1", name: "read_file", input: "{broken" },
					],
				},
				{ role: "user", content: [{ type: "text", text: "also this" }] },
				{ role: "assistant", content: [{ type: "text", text: "" }] },
				{
					role: "user",
					content: [{ type: "tool_result", toolUseId: "t1", content: [], isError: true }],
				},
			],
		})
		const body = server.requests[0]!.body as { messages: unknown; system: unknown }
		expect(body.system).toEqual([{ text: "You are Cairn, a coding agent." }])
		expect(body.messages).toEqual([
			{ role: "user", content: [{ text: "go" }] },
			{ role: "assistant", content: [{ toolUse: { toolUseId: "t1", name: "read_file", input: {} } }] },
			{
				role: "user",
				content: [
					{ toolResult: { toolUseId: "t1", content: [{ text: "(no output)" }], status: "error" } },
					{ text: "also this" },
				],
			},
		])
	})

	it("asks Claude for thinking with a budget and leaves the temperature out; other models get the temperature", async () => {
		const server = await start({ scenario: [{ text: "ok" }, { text: "ok" }] })
		await drain(
			bedrockAt(server, {
				modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0",
				reasoningBudgetTokens: 8_000,
				temperature: 0.3,
			}),
		)
		await drain(
			bedrockAt(server, {
				modelId: "amazon.nova-pro-v1:0",
				reasoningBudgetTokens: 8_000,
				temperature: 0.3,
			}),
		)
		const [claude, nova] = server.requests.map((r) => r.body as Record<string, unknown>)
		expect(claude?.additionalModelRequestFields).toEqual({
			thinking: { type: "enabled", budget_tokens: 8_000 },
		})
		expect(claude?.inferenceConfig).toEqual({ maxTokens: 40_000 })
		expect(nova?.additionalModelRequestFields).toBeUndefined()
		expect(nova?.inferenceConfig).toEqual({ maxTokens: 10_000, temperature: 0.3 })
	})

	it("leaves cache points out unless the setting asks and the model takes them", async () => {
		const server = await start({ scenario: [{ text: "ok" }, { text: "ok" }] })
		await drain(bedrockAt(server))
		await drain(
			bedrockAt(server, {
				modelId: "meta.llama3-3-70b-instruct-v1:0",
				bedrock: {
					region: "us-east-1",
					auth: "accessKeys",
					accessKeyId: "AKIDCAIRNTEST",
					promptCache: true,
				},
			}),
		)
		for (const request of server.requests) expect(request.rawBody).not.toContain("cachePoint")
	})
})

describe("BedrockProvider and the context window", () => {
	it("asks for the output reserve as maxTokens, and an overflow is context_overflow with the counts", async () => {
		const modelInfo = { contextWindow: 100_000, maxOutputTokens: 1_000 }
		const server = await start({
			contextWindow: 100_000,
			scenario: [{ text: "measured" }, { text: "fits" }],
		})
		await drain(bedrockAt(server, { modelInfo }))
		const input = server.requests[0]?.inputTokens ?? 0
		expect((server.requests[0]?.body as { inferenceConfig: unknown }).inferenceConfig).toEqual({
			maxTokens: 1_000,
		})
		server.setContextWindow(input + 1_000)
		expect(textOf((await drain(bedrockAt(server, { modelInfo }))).chunks)).toBe("fits")
		server.setContextWindow(input - 1)
		const { error } = await drain(bedrockAt(server, { modelInfo }))
		expect(error?.kind).toBe("context_overflow")
		expect(error?.details).toMatchObject({ status: 400, promptTokens: input, contextWindow: input - 1 })
		expect(error?.message).toContain("prompt is too long")
	})

	it("recognises Bedrock's own sentence for other models", async () => {
		const server = await start({ contextWindow: 10 })
		const { error } = await drain(bedrockAt(server, { modelId: "meta.llama3-3-70b-instruct-v1:0" }))
		expect(error?.kind).toBe("context_overflow")
		expect(error?.message).toContain("Input is too long for requested model.")
	})
})
