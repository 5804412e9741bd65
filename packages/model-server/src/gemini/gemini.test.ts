import { ApiError, GoogleGenAI } from "@google/genai"
import { OAuth2Client } from "google-auth-library"
import { describe, expect, it } from "vitest"
import { lastToolResult } from "../request-helpers.js"
import type { ModelServer } from "../server.js"
import { drain, useModelServers } from "../test-support/servers.js"

const start = useModelServers()

function gemini(server: ModelServer): GoogleGenAI {
	return new GoogleGenAI({ apiKey: "gemini-test-key", httpOptions: { baseUrl: server.url } })
}

/** Vertex mode with a fixed token, so no Google credentials are looked for. */
function vertex(server: ModelServer): GoogleGenAI {
	const authClient = new OAuth2Client()
	authClient.setCredentials({ access_token: "vertex-test-token", expiry_date: Date.now() + 3_600_000 })
	return new GoogleGenAI({
		vertexai: true,
		project: "cairn-project",
		location: "us-east5",
		googleAuthOptions: { authClient },
		httpOptions: { baseUrl: server.url, apiVersion: "v1" },
	})
}

const contents = [{ role: "user", parts: [{ text: "hi" }] }]

describe("Gemini generateContentStream through @google/genai", () => {
	it("streams thoughts, text and a whole function call with its signature, then usage with cached tokens and thoughts", async () => {
		const server = await start({
			scenario: [
				{
					reasoning: "Think first.",
					text: "Reading it.",
					textChunks: 2,
					reasoningSignature: "sig-1",
					toolCalls: [{ name: "read_file", arguments: { path: "a.ts" } }],
					usage: {
						inputTokens: 100,
						outputTokens: 20,
						cacheReadInputTokens: 300,
						reasoningTokens: 5,
					},
				},
			],
		})
		const stream = await gemini(server).models.generateContentStream({
			model: "gemini-2.5-pro",
			contents,
		})
		const { items, error } = await drain(stream)
		expect(error).toBeUndefined()
		const parts = items.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? [])
		expect(parts).toEqual([
			{ text: "Think first.", thought: true },
			{ text: "Readin" },
			{ text: "g it." },
			{ functionCall: { name: "read_file", args: { path: "a.ts" } }, thoughtSignature: "sig-1" },
		])
		expect(items.at(-1)?.candidates?.[0]?.finishReason).toBe("STOP")
		expect(items.at(-1)?.usageMetadata).toMatchObject({
			promptTokenCount: 400,
			// The thoughts are counted apart from the answer.
			candidatesTokenCount: 15,
			thoughtsTokenCount: 5,
			cachedContentTokenCount: 300,
		})
		const [request] = server.requests
		expect(request?.path).toBe("/v1beta/models/gemini-2.5-pro:streamGenerateContent")
		expect(request?.query).toBe("?alt=sse")
		expect(request?.headers["x-goog-api-key"]).toBe("gemini-test-key")
		expect(request?.provider).toBe("gemini")
	})

	it("answers a 429 with RetryInfo, a too-long prompt with Gemini's own words, a 401 as UNAUTHENTICATED", async () => {
		const server = await start({
			contextWindow: 50,
			scenario: [{ error: { status: 429, retryAfter: 3 } }, { error: { status: 401 } }],
		})
		const client = gemini(server)
		const failure = async (text: string) => {
			const error = await client.models
				.generateContentStream({
					model: "gemini-2.5-flash",
					contents: [{ role: "user", parts: [{ text }] }],
				})
				.catch((e: unknown) => e)
			expect(error).toBeInstanceOf(ApiError)
			return { status: (error as ApiError).status, body: JSON.parse((error as ApiError).message) }
		}
		expect(await failure("hi")).toMatchObject({
			status: 429,
			body: {
				error: {
					code: 429,
					status: "RESOURCE_EXHAUSTED",
					details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3s" }],
				},
			},
		})
		expect(await failure("hi")).toMatchObject({
			status: 401,
			body: { error: { status: "UNAUTHENTICATED" } },
		})
		const overflow = await failure("word ".repeat(200))
		expect(overflow.status).toBe(400)
		expect(overflow.body.error.status).toBe("INVALID_ARGUMENT")
		expect(overflow.body.error.message).toMatch(
			/^The input token count \(\d+\) exceeds the maximum number of tokens allowed \(50\)\.$/,
		)
	})

	it("writes an error object into the stream, which the SDK throws mid-stream", async () => {
		const server = await start({ scenario: [{ text: "partial", streamError: { afterChunks: 1 } }] })
		const stream = await gemini(server).models.generateContentStream({
			model: "gemini-2.5-pro",
			contents,
		})
		const { items, error } = await drain(stream)
		expect(items).toHaveLength(1)
		expect(error).toBeInstanceOf(ApiError)
		expect((error as ApiError).status).toBe(503)
	})

	it("lists models with their token limits; finds the last function response for function turns", async () => {
		const server = await start({
			models: ["gemini-2.5-pro"],
			contextWindow: 200_000,
			maxOutputTokens: 8_192,
		})
		const pager = await gemini(server).models.list()
		expect(pager.page).toEqual([
			expect.objectContaining({
				name: "models/gemini-2.5-pro",
				inputTokenLimit: 200_000,
				outputTokenLimit: 8_192,
			}),
		])
		const recorded = {
			...server.requests[0]!,
			body: {
				contents: [
					{ role: "model", parts: [{ functionCall: { name: "read_file", args: {} } }] },
					{
						role: "user",
						parts: [{ functionResponse: { name: "read_file", response: { output: "a = 1" } } }],
					},
				],
			},
		}
		expect(lastToolResult(recorded)).toBe("a = 1")
	})
})

describe("Gemini on Vertex AI through @google/genai in vertex mode", () => {
	it("streams from the project's publisher path, with the OAuth token", async () => {
		const server = await start({ scenario: [{ text: "Hello from Vertex" }] })
		const stream = await vertex(server).models.generateContentStream({
			model: "gemini-2.5-pro",
			contents,
		})
		const { items, error } = await drain(stream)
		expect(error).toBeUndefined()
		expect(items.map((chunk) => chunk.text).join("")).toBe("Hello from Vertex")
		const [request] = server.requests
		expect(request?.path).toBe(
			"/v1/projects/cairn-project/locations/us-east5/publishers/google/models/gemini-2.5-pro:streamGenerateContent",
		)
		expect(request?.headers.authorization).toBe("Bearer vertex-test-token")
	})
})
