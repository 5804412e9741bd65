import { GoogleGenAI, type GenerateContentParameters, type GoogleGenAIOptions } from "@google/genai"
import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../apiMessage.js"
import {
	drain,
	geminiAt,
	readFileTool,
	richHistory,
	useModelServers,
} from "../test-support/providerTesting.js"
import { fixedTokenAuthClient, testVertexSettings } from "../../test-support/googleTestAuth.js"
import { placeholderContents, withKeptContents } from "./geminiBody.js"
import { markGeminiSignature, syntheticCallId, toGeminiContents, toGeminiTools } from "./geminiMessages.js"

const start = useModelServers()

/** Every part Cairn sends: text, images, signed and unsigned calls, a call without an id, results. */
const history: ApiMessage[] = [
	...richHistory,
	{
		role: "assistant",
		content: [
			{ type: "reasoning", text: "", signature: markGeminiSignature("c2lnbmVk") },
			{ type: "tool_use", id: syntheticCallId(0), name: "read_file", input: { path: "b.ts" } },
			{ type: "tool_use", id: "call_2", name: "read_file", input: { path: "c.ts" } },
		],
	},
	{
		role: "user",
		content: [
			{ type: "tool_result", toolUseId: syntheticCallId(0), content: [{ type: "text", text: "b" }] },
			{
				type: "tool_result",
				toolUseId: "call_2",
				isError: true,
				content: [{ type: "text", text: "no c" }],
			},
			{ type: "text", text: 'quotes " \\ \n\t\u2028 é 中文 \ud83d a lone half, "contents":[]' },
		],
	},
]

const clients: Record<string, GoogleGenAIOptions> = {
	"the Gemini API": { apiKey: "gemini-test-key", httpOptions: { baseUrl: "http://127.0.0.1:9" } },
	"Vertex AI": {
		vertexai: true,
		project: testVertexSettings.projectId,
		location: testVertexSettings.region,
		googleAuthOptions: { authClient: fixedTokenAuthClient() },
		httpOptions: { baseUrl: "http://127.0.0.1:9", apiVersion: "v1" },
	},
}

/** The body the SDK hands its fetch for `params` (nothing is sent). */
async function bodyOf(client: GoogleGenAI, params: GenerateContentParameters, wrap = (f: typeof fetch) => f) {
	let body: unknown
	const capture: typeof fetch = async (_input, init) => {
		body = init?.body
		throw new Error("captured")
	}
	const config = { ...params.config, httpOptions: { fetch: wrap(capture) } }
	await expect(client.models.generateContentStream({ ...params, config })).rejects.toThrow("captured")
	return Buffer.isBuffer(body) ? body.toString("utf8") : body
}

describe("the Gemini body from kept contents", () => {
	for (const [name, options] of Object.entries(clients))
		it(`is byte for byte what the SDK writes for the whole history, on ${name}`, async () => {
			const client = new GoogleGenAI(options)
			const contents = toGeminiContents(history, "gemini-3-pro-preview")
			const params: GenerateContentParameters = {
				model: "gemini-3-pro-preview",
				contents,
				config: {
					systemInstruction: "Be careful — and brief. 🙂",
					tools: [{ functionDeclarations: toGeminiTools([readFileTool]) }],
					maxOutputTokens: 8_000,
					thinkingConfig: { includeThoughts: true, thinkingBudget: 2_048 },
				},
			}
			const whole = await bodyOf(client, params)
			const kept = await bodyOf(client, { ...params, contents: placeholderContents }, (f) =>
				withKeptContents(contents, f),
			)
			expect(typeof whole).toBe("string")
			expect(kept).toBe(whole)
		})
})

describe("GeminiProvider's request body", () => {
	it("carries the whole history, request after request", async () => {
		const server = await start({ scenario: [{ text: "one" }, { text: "two" }] })
		const provider = geminiAt(server, { modelId: "gemini-3-pro-preview" })
		const shorter = history.slice(0, 3)
		for (const messages of [shorter, history])
			expect((await drain(provider, { messages })).error).toBeUndefined()
		const sent = server.requests.filter((r) => r.route === "chat")
		for (const [request, messages] of [
			[sent[0], shorter],
			[sent[1], history],
		] as const) {
			const fresh = toGeminiContents(structuredClone(messages), "gemini-3-pro-preview")
			expect(JSON.parse(request?.rawBody ?? "").contents).toEqual(JSON.parse(JSON.stringify(fresh)))
		}
	})
})
