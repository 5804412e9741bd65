import { describe, expect, it } from "vitest"
import { buildProvider } from "../buildProvider.js"
import { bedrockAt, drain, textOf, useModelServers } from "../test-support/providerTesting.js"

const start = useModelServers()

describe("BedrockProvider errors", () => {
	it("maps AccessDeniedException to auth, saying how to fix the chosen sign-in", async () => {
		const server = await start({
			scenario: [
				{
					error: {
						status: 403,
						message: "You don't have access to the model with the specified model ID.",
					},
				},
			],
		})
		const { error } = await drain(bedrockAt(server))
		expect(error?.kind).toBe("auth")
		expect(error?.retryable).toBe(false)
		expect(error?.details.status).toBe(403)
		expect(error?.message).toContain("AccessDeniedException: You don't have access to the model")
		expect(error?.message).toContain("Check the access key AKIDCAIRNTEST")
		expect(server.requests).toHaveLength(1)
	})

	it("maps UnrecognizedClientException (an unknown access key) to auth", async () => {
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
		const { error } = await drain(
			bedrockAt(server, { bedrock: { region: "us-east-1", auth: "apiKey" } }, "bedrock-api-key"),
		)
		expect(error?.kind).toBe("auth")
		expect(error?.message).toContain("UnrecognizedClientException")
		expect(error?.message).toContain("Bedrock API key")
	})

	it("maps ThrottlingException to rate_limit with retry-after in milliseconds", async () => {
		const server = await start({
			scenario: [{ error: { status: 429, retryAfter: 7, message: "Too many requests, please wait." } }],
		})
		const { error } = await drain(bedrockAt(server))
		expect(error?.kind).toBe("rate_limit")
		expect(error?.details.retryAfterMs).toBe(7_000)
		expect(error?.message).toContain("throttling")
	})

	it.each([
		[500, "InternalServerException"],
		[503, "ServiceUnavailableException"],
		[424, "ModelErrorException"],
	])("maps %i %s to server", async (status, type) => {
		const server = await start({ scenario: [{ error: { status } }] })
		const { error } = await drain(bedrockAt(server))
		expect(error?.kind).toBe("server")
		expect(error?.retryable).toBe(true)
		expect(error?.message).toContain(type)
	})

	it("maps a ValidationException that is not about the window to bad_request", async () => {
		const server = await start({
			scenario: [{ error: { status: 400, message: "The provided model identifier is invalid." } }],
		})
		const { error } = await drain(bedrockAt(server))
		expect(error?.kind).toBe("bad_request")
		expect(error?.message).toContain("ValidationException: The provided model identifier is invalid.")
	})

	it("maps a ValidationException in Bedrock's overflow words to context_overflow", async () => {
		const server = await start({
			scenario: [
				{ error: { status: 400, message: "Input is too long for requested model." } },
				{
					error: {
						status: 400,
						message:
							"Too many input tokens. Max input tokens: 8192, request input token count: 9000",
					},
				},
			],
		})
		for (const _ of [1, 2]) expect((await drain(bedrockAt(server))).error?.kind).toBe("context_overflow")
	})

	it("maps ResourceNotFoundException to bad_request naming the model id", async () => {
		const server = await start({ scenario: [{ error: { status: 404, message: "Model not found." } }] })
		const { error } = await drain(bedrockAt(server, { modelId: "anthropic.claude-nope-v1:0" }))
		expect(error?.kind).toBe("bad_request")
		expect(error?.message).toContain('model id "anthropic.claude-nope-v1:0" is unknown to AWS Bedrock')
	})

	it("maps exceptions mid-stream: ThrottlingException to rate_limit, ModelStreamErrorException to server", async () => {
		const server = await start({
			scenario: [
				{ text: "abc", textChunks: 3, streamError: { afterChunks: 2, type: "throttlingException" } },
				{ text: "abc", textChunks: 3, streamError: { afterChunks: 2 } },
			],
		})
		const throttled = await drain(bedrockAt(server))
		expect(textOf(throttled.chunks)).toBe("a")
		expect(throttled.error?.kind).toBe("rate_limit")
		const broken = await drain(bedrockAt(server))
		expect(broken.error?.kind).toBe("server")
		expect(broken.error?.message).toContain("ModelStreamErrorException")
	})

	it("maps a disconnect mid-stream to network, after the earlier chunks were yielded", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 6, disconnectAfterChunks: 3 }],
		})
		const { chunks, error } = await drain(bedrockAt(server))
		expect(textOf(chunks)).toBe("ab")
		expect(error?.kind).toBe("network")
		expect(error?.message).toContain("closed mid-response")
		expect(error?.retryable).toBe(true)
	})

	it("maps a frame whose JSON is broken to malformed_response", async () => {
		const server = await start({ scenario: [{ text: "abc", textChunks: 3, malformedChunkAfter: 2 }] })
		const { chunks, error } = await drain(bedrockAt(server))
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("malformed_response")
	})

	it("maps a refused connection to network, naming the endpoint", async () => {
		const server = await start()
		await server.close()
		const { error } = await drain(bedrockAt(server))
		expect(error?.kind).toBe("network")
		expect(error?.message).toContain(`Could not reach AWS Bedrock (${server.url})`)
	})

	it("maps an abort mid-stream, and one before the request, to aborted", async () => {
		const server = await start({
			scenario: [{ text: "abcdef", textChunks: 6, chunkDelayMs: 30 }, { text: "never" }],
		})
		const controller = new AbortController()
		const { chunks, error } = await drain(bedrockAt(server), { signal: controller.signal }, (chunk) => {
			if (chunk.type === "text") controller.abort()
		})
		expect(textOf(chunks)).toBe("a")
		expect(error?.kind).toBe("aborted")
		const early = await drain(bedrockAt(server), { signal: AbortSignal.abort() })
		expect(early.error?.kind).toBe("aborted")
		expect(server.requests).toHaveLength(1)
	})

	it("never shows the API key or secret access key a server echoes", async () => {
		const server = await start({
			scenario: [
				{
					error: {
						status: 403,
						type: "UnrecognizedClientException",
						message: "bad key",
						echoApiKey: true,
					},
				},
				({ request }) => ({
					error: {
						status: 403,
						message: `bad signature for ${request.headers.authorization} / bedrock-secret-key`,
					},
				}),
			],
		})
		const apiKey = buildProvider(
			{
				provider: "bedrock",
				modelId: "amazon.nova-pro-v1:0",
				baseUrl: server.url,
				bedrock: { region: "us-east-1", auth: "apiKey" },
			},
			"ABSKsecretbedrockkey",
		)
		const echoed = await drain(apiKey)
		expect(echoed.error?.message).toContain("bad key (API key: [redacted])")
		expect(echoed.error?.message).not.toContain("ABSKsecretbedrockkey")
		const keys = buildProvider(
			{
				provider: "bedrock",
				modelId: "amazon.nova-pro-v1:0",
				baseUrl: server.url,
				bedrock: { region: "us-east-1", auth: "accessKeys", accessKeyId: "AKIDCAIRNTEST" },
			},
			"bedrock-secret-key",
		)
		const signed = await drain(keys)
		expect(signed.error?.message).toContain("Credential=AKIDCAIRNTEST")
		expect(signed.error?.message).toContain("/ [redacted]")
	})
})
