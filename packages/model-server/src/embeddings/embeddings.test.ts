import { ApiError, GoogleGenAI } from "@google/genai"
import { Ollama } from "ollama"
import OpenAI from "openai"
import { describe, expect, it } from "vitest"
import { useModelServers } from "../test-support/servers.js"
import { embeddingTokens, embeddingVector } from "./vectors.js"

const start = useModelServers()

const cosine = (a: readonly number[], b: readonly number[]) =>
	a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0)

describe("deterministic embeddings", () => {
	it("splits identifiers into the words a person would search for", () => {
		expect(embeddingTokens("parseInvoiceTotal(HTTPServer, max_retry_count)")).toEqual([
			"parse",
			"invoice",
			"total",
			"http",
			"server",
			"max",
			"retry",
			"count",
		])
	})

	it("gives unit vectors that are the same for the same text and close for shared words", () => {
		const a = embeddingVector("function computeInvoiceTotal", 64)
		expect(embeddingVector("function computeInvoiceTotal", 64)).toEqual(a)
		expect(cosine(a, a)).toBeCloseTo(1, 6)
		const related = cosine(embeddingVector("invoice total", 64), a)
		const unrelated = cosine(embeddingVector("render sidebar widget", 64), a)
		expect(related).toBeGreaterThan(unrelated)
	})
})

describe("POST /v1/embeddings through the openai SDK", () => {
	it("answers the SDK's default base64 request with the server's vectors, in order, and records it", async () => {
		const server = await start()
		const client = new OpenAI({ baseURL: server.openaiBaseURL, apiKey: "k" })
		const response = await client.embeddings.create({
			model: "embed-test",
			input: ["alpha beta", "gamma"],
		})
		expect(server.requests.at(-1)?.body).toMatchObject({ encoding_format: "base64" })
		expect(response.data.map((item) => item.index)).toEqual([0, 1])
		const first = response.data[0]?.embedding ?? []
		expect(first).toHaveLength(256)
		embeddingVector("alpha beta", 256).forEach((value, i) => expect(first[i]).toBeCloseTo(value, 6))
		expect(server.requests.filter((request) => request.route === "embeddings")).toHaveLength(1)
		expect(server.remainingTurns).toBe(0)
	})

	it("answers plain floats when asked for them, at the dimensions asked", async () => {
		const server = await start()
		const client = new OpenAI({ baseURL: server.openaiBaseURL, apiKey: "k" })
		const response = await client.embeddings.create({
			model: "embed-test",
			input: "alpha",
			dimensions: 32,
			encoding_format: "float",
		})
		expect(response.data[0]?.embedding).toEqual(embeddingVector("alpha", 32))
	})

	it("refuses a request without input in OpenAI's error shape", async () => {
		const server = await start()
		const client = new OpenAI({ baseURL: server.openaiBaseURL, apiKey: "k", maxRetries: 0 })
		const error = await client.embeddings
			.create({ model: "embed-test", input: [] })
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(OpenAI.BadRequestError)
	})
})

describe("POST /api/embed through ollama-js", () => {
	it("answers every input with its vector", async () => {
		const server = await start()
		const response = await new Ollama({ host: server.ollamaHost }).embed({
			model: "nomic-embed-text",
			input: ["alpha", "beta"],
		})
		expect(response.embeddings).toEqual([embeddingVector("alpha", 256), embeddingVector("beta", 256)])
		expect(server.requests.at(-1)).toMatchObject({ route: "embeddings", provider: "ollama" })
	})
})

describe("Gemini embedContent and batchEmbedContents through @google/genai", () => {
	const gemini = (url: string) => new GoogleGenAI({ apiKey: "k", httpOptions: { baseUrl: url } })

	it("answers a batch with every text's vector, in order, at the dimensions asked", async () => {
		const server = await start()
		const response = await gemini(server.url).models.embedContent({
			model: "gemini-embedding-001",
			contents: ["alpha beta", "gamma"],
			config: { outputDimensionality: 32 },
		})
		expect(response.embeddings?.map((embedding) => embedding.values)).toEqual([
			embeddingVector("alpha beta", 32),
			embeddingVector("gamma", 32),
		])
		expect(server.requests.at(-1)).toMatchObject({
			route: "embeddings",
			provider: "gemini",
			path: "/v1beta/models/gemini-embedding-001:batchEmbedContents",
		})
		expect(server.remainingTurns).toBe(0)
	})

	it("answers embedContent's single content with one embedding", async () => {
		const server = await start()
		const response = await fetch(`${server.url}/v1beta/models/gemini-embedding-001:embedContent`, {
			method: "POST",
			headers: { "content-type": "application/json", "x-goog-api-key": "k" },
			body: JSON.stringify({ content: { parts: [{ text: "alpha" }] } }),
		})
		expect(await response.json()).toEqual({ embedding: { values: embeddingVector("alpha", 256) } })
	})

	it("refuses a batch whose request names another model, in Google's error shape", async () => {
		const server = await start()
		const response = await fetch(`${server.url}/v1beta/models/gemini-embedding-001:batchEmbedContents`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({
				requests: [{ model: "models/other", content: { parts: [{ text: "a" }] } }],
			}),
		})
		expect(response.status).toBe(400)
		expect(await response.json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } })
		const error = await gemini(server.url)
			.models.embedContent({ model: "gemini-embedding-001", contents: [] })
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(ApiError)
		expect((error as ApiError).status).toBe(400)
	})
})
