import {
	AccessDeniedException,
	BedrockRuntimeClient,
	ConverseCommand,
	ConverseStreamCommand,
	InternalServerException,
	ModelStreamErrorException,
	ServiceUnavailableException,
	ThrottlingException,
	ValidationException,
	type ConverseStreamCommandInput,
	type ConverseStreamOutput,
} from "@aws-sdk/client-bedrock-runtime"
import { NodeHttpHandler } from "@smithy/node-http-handler"
import { describe, expect, it } from "vitest"
import { lastToolResult } from "../request-helpers.js"
import { lastUserText, systemText } from "../request-text.js"
import type { ModelServer } from "../server.js"
import { drain, useModelServers } from "../test-support/servers.js"

const start = useModelServers()

// The SDK speaks HTTP/2 by default, which a plain HTTP server on 127.0.0.1 does not; HTTP/1.1 is
// what Cairn uses too.
function client(server: ModelServer, maxAttempts = 1): BedrockRuntimeClient {
	return new BedrockRuntimeClient({
		region: "us-east-1",
		endpoint: server.url,
		maxAttempts,
		credentials: { accessKeyId: "AKIDCAIRNTEST", secretAccessKey: "cairn-secret" },
		requestHandler: new NodeHttpHandler(),
	})
}

const modelId = "anthropic.claude-sonnet-4-5-20250929-v1:0"
const ask: ConverseStreamCommandInput = {
	modelId,
	system: [{ text: "You are Cairn." }],
	messages: [{ role: "user", content: [{ text: "hi" }] }],
}

async function stream(server: ModelServer, input: ConverseStreamCommandInput = ask, maxAttempts = 1) {
	const output = await client(server, maxAttempts).send(new ConverseStreamCommand(input))
	return drain(output.stream as AsyncIterable<ConverseStreamOutput>)
}

const kinds = (events: ConverseStreamOutput[]) => events.map((event) => Object.keys(event)[0])

describe("Bedrock ConverseStream through @aws-sdk/client-bedrock-runtime", () => {
	it("streams reasoning with its signature, text in chunks, and usage with the cache counts", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Think.",
					reasoningChunks: 2,
					reasoningSignature: "sig-1",
					text: "Hello from Bedrock",
					textChunks: 3,
					usage: {
						inputTokens: 120,
						outputTokens: 7,
						cacheCreationInputTokens: 30,
						cacheReadInputTokens: 400,
					},
				},
			],
		})
		const { items, error } = await stream(server)
		expect(error).toBeUndefined()
		expect(kinds(items)).toEqual([
			"messageStart",
			"contentBlockDelta",
			"contentBlockDelta",
			"contentBlockDelta",
			"contentBlockStop",
			"contentBlockDelta",
			"contentBlockDelta",
			"contentBlockDelta",
			"contentBlockStop",
			"messageStop",
			"metadata",
		])
		const deltas = items.flatMap((e) => (e.contentBlockDelta ? [e.contentBlockDelta] : []))
		expect(deltas.slice(0, 3).map((d) => [d.contentBlockIndex, d.delta?.reasoningContent])).toEqual([
			[0, { text: "Thi" }],
			[0, { text: "nk." }],
			[0, { signature: "sig-1" }],
		])
		expect(
			deltas
				.slice(3)
				.map((d) => d.delta?.text)
				.join(""),
		).toBe("Hello from Bedrock")
		expect(deltas.slice(3).every((d) => d.contentBlockIndex === 1)).toBe(true)
		expect(items.at(-2)?.messageStop?.stopReason).toBe("end_turn")
		expect(items.at(-1)?.metadata?.usage).toEqual({
			inputTokens: 120,
			outputTokens: 7,
			totalTokens: 557,
			cacheReadInputTokens: 400,
			cacheWriteInputTokens: 30,
		})
	})

	it("streams a tool use: its id and name in contentBlockStart, the JSON input in 5 deltas", async () => {
		const args = { path: "src/main.ts", content: 'console.log("ünïcode ✓")\n', line: 42 }
		const server = await start({
			scenario: [
				{ toolCalls: [{ id: "tooluse_A", name: "write_file", arguments: args }], argumentChunks: 5 },
			],
		})
		const { items } = await stream(server)
		expect(items[1]?.contentBlockStart).toEqual({
			contentBlockIndex: 0,
			start: { toolUse: { toolUseId: "tooluse_A", name: "write_file" } },
		})
		const inputs = items.flatMap((e) =>
			e.contentBlockDelta?.delta?.toolUse ? [e.contentBlockDelta.delta.toolUse.input] : [],
		)
		expect(inputs).toHaveLength(5)
		expect(inputs.join("")).toBe(JSON.stringify(args))
		expect(items.find((e) => e.messageStop)?.messageStop?.stopReason).toBe("tool_use")
	})

	it("answers Converse (not streamed) with the whole message", async () => {
		const server = await start({
			scenario: [
				{
					text: "Plain.",
					toolCalls: [{ name: "ls", arguments: { dir: "." } }],
					usage: { outputTokens: 3 },
				},
			],
		})
		const output = await client(server).send(new ConverseCommand(ask))
		expect(output.output?.message).toEqual({
			role: "assistant",
			content: [
				{ text: "Plain." },
				{
					toolUse: {
						toolUseId: expect.stringMatching(/^tooluse_/),
						name: "ls",
						input: { dir: "." },
					},
				},
			],
		})
		expect(output.stopReason).toBe("tool_use")
		expect(output.usage?.outputTokens).toBe(3)
	})

	it("records the model from the path, the SigV4 headers and the body; side-turn matching reads it", async () => {
		const server = await start({
			scenario: [
				{ toolCalls: [{ id: "tooluse_1", name: "read_file", arguments: { path: "a.txt" } }] },
				({ request }) => ({ text: `You said: ${lastToolResult(request)}` }),
			],
		})
		await stream(server, { ...ask, modelId: "us.anthropic.claude-sonnet-4-5-20250929-v1:0" })
		const [recorded] = server.requests
		expect(recorded).toMatchObject({
			method: "POST",
			path: "/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream",
			provider: "bedrock",
			route: "chat",
			turn: 0,
		})
		expect(recorded?.headers.authorization).toMatch(
			/^AWS4-HMAC-SHA256 Credential=AKIDCAIRNTEST\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
		)
		expect(systemText(recorded?.body)).toBe("You are Cairn.")
		expect(lastUserText(recorded?.body)).toBe("hi")
		const second = await stream(server, {
			...ask,
			messages: [
				...(ask.messages ?? []),
				{
					role: "assistant",
					content: [
						{ toolUse: { toolUseId: "tooluse_1", name: "read_file", input: { path: "a.txt" } } },
					],
				},
				{
					role: "user",
					content: [
						{ toolResult: { toolUseId: "tooluse_1", content: [{ text: "file body 123" }] } },
					],
				},
			],
		})
		const text = second.items.map((e) => e.contentBlockDelta?.delta?.text ?? "").join("")
		expect(text).toBe("You said: file body 123")
	})

	it("turns a scripted 429 into ThrottlingException with the retry-after header", async () => {
		const server = await start({
			scenario: [
				{
					error: {
						status: 429,
						retryAfter: 3,
						message: "Too many requests, please wait before trying again.",
					},
				},
			],
		})
		const error = await stream(server).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(ThrottlingException)
		const throttled = error as ThrottlingException
		expect(throttled.message).toBe("Too many requests, please wait before trying again.")
		expect(throttled.$metadata.httpStatusCode).toBe(429)
		expect(throttled.$response?.headers["retry-after"]).toBe("3")
		expect(throttled.$metadata.requestId).toBe("00000000-cafe-4000-8000-000000000001")
	})

	it.each([
		[400, ValidationException],
		[403, AccessDeniedException],
		[500, InternalServerException],
		[503, ServiceUnavailableException],
	])("turns a scripted %i into the SDK's %o by the x-amzn-errortype header", async (status, errorClass) => {
		const server = await start({ scenario: [{ error: { status } }] })
		expect(await stream(server).catch((e: unknown) => e)).toBeInstanceOf(errorClass)
	})

	it("names an error by a scripted type, as for an unknown access key", async () => {
		const server = await start({
			scenario: [
				{
					error: {
						status: 403,
						type: "UnrecognizedClientException",
						message: "The security token included in the request is invalid.",
					},
				},
			],
		})
		const error = (await stream(server).catch((e: unknown) => e)) as Error
		expect(error.name).toBe("UnrecognizedClientException")
		expect(error.message).toBe("The security token included in the request is invalid.")
	})

	it("lets the SDK's own retry get past a 500 to the next turn", async () => {
		const server = await start({ scenario: [{ error: { status: 500 } }, { text: "after the retry" }] })
		const { items } = await stream(server, ask, 2)
		expect(items.map((e) => e.contentBlockDelta?.delta?.text ?? "").join("")).toBe("after the retry")
		expect(server.requests).toHaveLength(2)
	})

	it("sends an exception mid-stream as the SDK's modelled error, after the earlier events", async () => {
		const server = await start({
			scenario: [
				{ text: "abc", textChunks: 3, streamError: { afterChunks: 2 } },
				{
					text: "abc",
					textChunks: 3,
					streamError: { afterChunks: 2, type: "throttlingException", message: "slow" },
				},
			],
		})
		const first = await stream(server)
		expect(kinds(first.items)).toEqual(["messageStart", "contentBlockDelta"])
		expect(first.error).toBeInstanceOf(ModelStreamErrorException)
		const second = await stream(server)
		expect(second.error).toBeInstanceOf(ThrottlingException)
		expect((second.error as Error).message).toBe("slow")
	})

	it("cuts the connection or sends a frame whose JSON is broken, mid-stream", async () => {
		const server = await start({
			scenario: [
				{ text: "abcdef", textChunks: 3, disconnectAfterChunks: 2 },
				{ text: "abc", textChunks: 3, malformedChunkAfter: 2 },
			],
		})
		const cut = await stream(server)
		expect(kinds(cut.items)).toEqual(["messageStart", "contentBlockDelta"])
		expect(cut.error).toBeInstanceOf(Error)
		const malformed = await stream(server)
		expect(kinds(malformed.items)).toEqual(["messageStart", "contentBlockDelta"])
		expect(malformed.error).toBeInstanceOf(SyntaxError)
	})

	it("refuses a request without messages with a ValidationException, taking no turn", async () => {
		const server = await start({ scenario: [{ text: "unused" }] })
		const response = await fetch(`${server.url}/model/m/converse-stream`, { method: "POST", body: "{}" })
		expect(response.status).toBe(400)
		expect(response.headers.get("x-amzn-errortype")).toMatch(/^ValidationException:/)
		expect(await response.json()).toEqual({
			message:
				"1 validation error detected: Value at 'messages' failed to satisfy constraint: Member must not be null",
		})
		expect(server.remainingTurns).toBe(1)
		const unknown = await fetch(`${server.url}/model/m/invoke`, { method: "POST", body: "{}" })
		expect(unknown.status).toBe(404)
		expect(server.requests.map((r) => [r.provider, r.route])).toEqual([
			["bedrock", "chat"],
			["bedrock", "unknown"],
		])
	})
})
