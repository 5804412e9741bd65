import { embeddingVector, type ModelServer } from "@cairn/model-server"
import type { EmbeddingProviderName, EmbeddingSettings } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { useModelServers } from "../providers/test-support/providerTesting.js"
import { createEmbedder } from "./createEmbedder.js"

const start = useModelServers()

const baseUrls: Record<EmbeddingProviderName, (server: ModelServer) => string> = {
	openai: (server) => server.openaiBaseURL,
	ollama: (server) => server.ollamaHost,
	gemini: (server) => server.url,
}
const settings = (provider: EmbeddingProviderName, server: ModelServer): EmbeddingSettings => ({
	provider,
	modelId: provider === "gemini" ? "gemini-embedding-001" : "embed-test",
	baseUrl: baseUrls[provider](server),
	dimensions: 48,
})

describe("embedders against the model server, through each provider's SDK", () => {
	it.each(["openai", "ollama", "gemini"] as const)(
		"%s: one vector per text, in order, at the dimensions asked",
		async (provider) => {
			const server = await start()
			const embedder = createEmbedder(settings(provider, server), "test-key")
			const vectors = await embedder.embed(["computeInvoiceTotal", "render the sidebar"])
			expect(vectors).toHaveLength(2)
			const expected = [
				embeddingVector("computeInvoiceTotal", 48),
				embeddingVector("render the sidebar", 48),
			]
			vectors.forEach((vector, i) =>
				expected[i]?.forEach((value, d) => expect(vector[d]).toBeCloseTo(value, 6)),
			)
			expect(server.requests.filter((r) => r.route === "embeddings")).toHaveLength(1)
		},
	)

	it("gemini: asks batchEmbedContents of the model, with the key in Google's header", async () => {
		const server = await start()
		await createEmbedder(settings("gemini", server), "gemini-key").embed(["alpha"])
		const request = server.requests.at(-1)
		expect(request?.path).toBe("/v1beta/models/gemini-embedding-001:batchEmbedContents")
		expect(request?.headers["x-goog-api-key"]).toBe("gemini-key")
		expect(request?.body).toEqual({
			requests: [
				{
					content: { parts: [{ text: "alpha" }], role: "user" },
					model: "models/gemini-embedding-001",
					taskType: "RETRIEVAL_DOCUMENT",
					outputDimensionality: 48,
				},
			],
		})
	})

	it("gemini: embeds a search as a code retrieval query", async () => {
		const server = await start()
		await createEmbedder(settings("gemini", server), "k").embed(
			["where is the total"],
			undefined,
			"query",
		)
		expect(server.requests.at(-1)?.body).toMatchObject({
			requests: [{ taskType: "CODE_RETRIEVAL_QUERY" }],
		})
	})

	it("gemini: a refused request fails with its HTTP status, which the indexer reads as refused input", async () => {
		const server = await start()
		const embedder = createEmbedder(settings("gemini", server), "k")
		// An empty batch is one the API refuses with a 400.
		const error = await embedder.embed([]).catch((e: unknown) => e)
		expect((error as { status?: number }).status).toBe(400)
	})

	it("gemini: without a key, says so before any request", async () => {
		const server = await start()
		await expect(createEmbedder(settings("gemini", server), undefined).embed(["a"])).rejects.toThrow(
			/need an API key/,
		)
		expect(server.requests).toHaveLength(0)
	})
})
