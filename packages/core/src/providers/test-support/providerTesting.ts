import { startModelServer } from "@cairn/model-server"
import type { ModelServer, ModelServerOptions } from "@cairn/model-server"
import { afterEach } from "vitest"
import type { ProviderSettings } from "@cairn/types"
import { AnthropicProvider, anthropicConnection } from "../anthropic/anthropicProvider.js"
import { BedrockProvider } from "../bedrock/bedrockProvider.js"
import type { ApiMessage } from "../apiMessage.js"
import { GeminiProvider, googleAiConnection } from "../gemini/geminiProvider.js"
import { resolveModelInfo } from "../modelCatalog.js"
import type { ApiStreamChunk, CreateMessageRequest, ModelProvider, ToolSpec } from "../modelProvider.js"
import { OllamaProvider } from "../ollama/ollamaProvider.js"
import { OpenAiProvider } from "../openai/openaiProvider.js"
import { ProviderError } from "../providerError.js"
import { vertexProvider } from "../vertex/vertexProvider.js"
import { fixedTokenAuthClient, testVertexSettings } from "../../test-support/googleTestAuth.js"

/** Starts model servers that are closed after each test, so none outlives it. */
export function useModelServers(): (options?: ModelServerOptions) => Promise<ModelServer> {
	const started: ModelServer[] = []
	afterEach(async () => {
		await Promise.all(started.splice(0).map((server) => server.close()))
	})
	return async (options) => {
		const server = await startModelServer({ lifetimeMs: 60_000, ...options })
		started.push(server)
		return server
	}
}

export interface Drained {
	chunks: ApiStreamChunk[]
	error: ProviderError | undefined
}

/** Everything a provider yields until it ends or throws; anything but a ProviderError fails the test. */
export async function drain(
	provider: ModelProvider,
	request: Partial<CreateMessageRequest> = {},
	onChunk?: (chunk: ApiStreamChunk) => void,
): Promise<Drained> {
	const chunks: ApiStreamChunk[] = []
	try {
		for await (const chunk of provider.createMessage({ ...baseRequest, ...request })) {
			chunks.push(chunk)
			onChunk?.(chunk)
		}
	} catch (error) {
		if (!(error instanceof ProviderError)) throw error
		return { chunks, error }
	}
	return { chunks, error: undefined }
}

export function textOf(chunks: readonly ApiStreamChunk[]): string {
	return chunks.map((chunk) => (chunk.type === "text" ? chunk.text : "")).join("")
}

export function reasoningOf(chunks: readonly ApiStreamChunk[]): string {
	return chunks.map((chunk) => (chunk.type === "reasoning" ? chunk.text : "")).join("")
}

export function ofType<T extends ApiStreamChunk["type"]>(
	chunks: readonly ApiStreamChunk[],
	type: T,
): Extract<ApiStreamChunk, { type: T }>[] {
	return chunks.filter((chunk): chunk is Extract<ApiStreamChunk, { type: T }> => chunk.type === type)
}

export const readFileTool: ToolSpec = {
	name: "read_file",
	description: "Read a file in the workspace.",
	inputSchema: {
		type: "object",
		properties: { path: { type: "string", description: "Relative path" } },
		required: ["path"],
		additionalProperties: false,
	},
}

export const baseRequest: CreateMessageRequest = {
	systemPrompt: "You are Cairn, a coding agent.",
	messages: [{ role: "user", content: [{ type: "text", text: "Hello" }] }],
	tools: [readFileTool],
}

/** A 1x1 transparent PNG. */
export const pngBase64 =
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

/**
 * A history with every block kind: a user image, signed reasoning, a tool call and its result
 * (text and an image), followed by more user text.
 */
export const richHistory: ApiMessage[] = [
	{
		role: "user",
		content: [
			{ type: "text", text: "What does a.ts export?" },
			{ type: "image", mediaType: "image/png", data: pngBase64 },
		],
	},
	{
		role: "assistant",
		content: [
			{ type: "reasoning", text: "I should read it.", signature: "sig-abc" },
			{ type: "text", text: "Reading a.ts." },
			{ type: "tool_use", id: "call_1", name: "read_file", input: { path: "a.ts" } },
		],
	},
	{
		role: "user",
		content: [
			{
				type: "tool_result",
				toolUseId: "call_1",
				content: [
					{ type: "text", text: "export const a = 1" },
					{ type: "image", mediaType: "image/png", data: pngBase64 },
				],
			},
			{ type: "text", text: "Explain it." },
		],
	},
]

export const sampleArgs = {
	path: "src/deeply/nested/file.ts",
	content: 'const s = "quoted\\n"\n',
	lines: [1, 2],
}

function settingsFor(
	provider: ProviderSettings["provider"],
	modelId: string,
	baseUrl: string,
	overrides: Partial<ProviderSettings>,
): ProviderSettings {
	return { provider, modelId, baseUrl, ...overrides }
}

const info = (settings: ProviderSettings) =>
	resolveModelInfo(settings.provider, settings.modelId, settings.modelInfo)

/** Providers pointed at a model server, with a current model of each kind unless overridden. */
export function anthropicAt(
	server: ModelServer,
	overrides: Partial<ProviderSettings> = {},
): AnthropicProvider {
	const settings = settingsFor("anthropic", "claude-opus-5-5", server.anthropicBaseURL, overrides)
	return new AnthropicProvider(settings, info(settings), anthropicConnection(settings, "sk-ant-test"))
}

export function openaiAt(
	server: ModelServer,
	overrides: Partial<ProviderSettings> = {},
	apiKey = "sk-test",
): OpenAiProvider {
	const settings = settingsFor("openai", "gpt-5.2", server.openaiBaseURL, overrides)
	return new OpenAiProvider(settings, apiKey, info(settings))
}

export function ollamaAt(
	server: ModelServer,
	overrides: Partial<ProviderSettings> = {},
	apiKey?: string,
): OllamaProvider {
	const settings = settingsFor("ollama", "qwen3:8b", server.ollamaHost, overrides)
	return new OllamaProvider(settings, apiKey, info(settings))
}

/** Bedrock on the model server, signing with an access key unless `overrides.bedrock` says otherwise. */
export function bedrockAt(
	server: ModelServer,
	overrides: Partial<ProviderSettings> = {},
	secret: string | undefined = "bedrock-secret-key",
): BedrockProvider {
	const settings = settingsFor("bedrock", "anthropic.claude-sonnet-4-5-20250929-v1:0", server.url, {
		bedrock: { region: "us-east-1", auth: "accessKeys", accessKeyId: "AKIDCAIRNTEST" },
		...overrides,
	})
	return new BedrockProvider(settings, secret, info(settings))
}

export function geminiAt(
	server: ModelServer,
	overrides: Partial<ProviderSettings> = {},
	apiKey = "gemini-test-key",
): GeminiProvider {
	const settings = settingsFor("gemini", "gemini-2.5-pro", server.url, overrides)
	return new GeminiProvider(settings, info(settings), googleAiConnection(settings, apiKey))
}

export { testVertexSettings }

/** Vertex AI at the model server: Claude for `claude…` model ids, Gemini for the rest. */
export function vertexAt(
	server: ModelServer,
	modelId: string,
	overrides: Partial<ProviderSettings> = {},
): ModelProvider {
	const settings = settingsFor("vertex", modelId, server.url, { vertex: testVertexSettings, ...overrides })
	return vertexProvider(settings, info(settings), fixedTokenAuthClient())
}
