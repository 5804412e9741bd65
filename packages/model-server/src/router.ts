import { anthropicProtocol } from "./anthropic/index.js"
import { bedrockModelOf } from "./bedrock/errors.js"
import { bedrockProtocol } from "./bedrock/index.js"
import { geminiStreamProtocol, geminiUnaryProtocol } from "./gemini/index.js"
import { ollamaProtocol } from "./ollama/index.js"
import { openaiProtocol } from "./openai/index.js"
import type { ProviderProtocol } from "./protocol.js"
import type { RouteKind } from "./recording.js"
import { vertexClaudeProtocol } from "./vertex/index.js"

export interface Route {
	protocol: ProviderProtocol
	kind: RouteKind
}

const routes: Record<string, Route> = {
	"POST /v1/messages": { protocol: anthropicProtocol, kind: "chat" },
	"POST /v1/chat/completions": { protocol: openaiProtocol, kind: "chat" },
	"POST /chat/completions": { protocol: openaiProtocol, kind: "chat" },
	"GET /v1/models": { protocol: openaiProtocol, kind: "models" },
	"GET /models": { protocol: openaiProtocol, kind: "models" },
	"POST /v1/embeddings": { protocol: openaiProtocol, kind: "embeddings" },
	"POST /embeddings": { protocol: openaiProtocol, kind: "embeddings" },
	"POST /api/embed": { protocol: ollamaProtocol, kind: "embeddings" },
	"POST /api/chat": { protocol: ollamaProtocol, kind: "chat" },
	"GET /api/tags": { protocol: ollamaProtocol, kind: "models" },
	"POST /api/show": { protocol: ollamaProtocol, kind: "models" },
	// LM Studio's own REST API shares Ollama's `/api/` prefix; only the lmstudio style answers it.
	"GET /api/v0/models": { protocol: openaiProtocol, kind: "models" },
	"GET /v1beta/models": { protocol: geminiStreamProtocol, kind: "models" },
}

// Google's paths name the model and the method: `models/{model}:{method}`. Vertex prefixes a
// project, a location and a publisher, and speaks v1 or v1beta1.
const googlePatterns: readonly { pattern: RegExp; route: Route }[] = [
	{
		pattern: /^\/v1beta\/models\/[^/]+:streamGenerateContent$/,
		route: { protocol: geminiStreamProtocol, kind: "chat" },
	},
	{
		pattern: /^\/v1beta\/models\/[^/]+:generateContent$/,
		route: { protocol: geminiUnaryProtocol, kind: "chat" },
	},
	{
		pattern: /^\/v1beta\/models\/[^/]+:(?:embedContent|batchEmbedContents)$/,
		route: { protocol: geminiUnaryProtocol, kind: "embeddings" },
	},
	{
		pattern:
			/^\/v1(?:beta1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/[^/]+:streamGenerateContent$/,
		route: { protocol: geminiStreamProtocol, kind: "chat" },
	},
	{
		pattern:
			/^\/v1(?:beta1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/[^/]+:generateContent$/,
		route: { protocol: geminiUnaryProtocol, kind: "chat" },
	},
	{
		pattern:
			/^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/[^/]+:(?:streamRawPredict|rawPredict)$/,
		route: { protocol: vertexClaudeProtocol, kind: "chat" },
	},
]

/**
 * The provider is decided by path prefix: `/api/` is Ollama, `/model/` Bedrock (the model id is
 * part of the path), `/v1/messages` Anthropic, the rest OpenAI. Anthropic and OpenAI share `/v1/`,
 * so a request carrying `anthropic-version` (which the Anthropic SDK always sends) is Anthropic
 * too: `/v1/models` and unknown `/v1/…` paths then answer in Anthropic's shape.
 */
export function route(method: string, path: string, headers: Readonly<Record<string, string>>): Route {
	const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path
	const known = routes[`${method} ${trimmed}`]
	const anthropic = headers["anthropic-version"] !== undefined || trimmed.startsWith("/v1/messages")
	if (known?.kind === "models" && known.protocol === openaiProtocol && anthropic) {
		return { protocol: anthropicProtocol, kind: "models" }
	}
	if (known) return known
	if (trimmed === "/model" || trimmed.startsWith("/model/")) {
		const chat = method === "POST" && bedrockModelOf(trimmed) !== undefined
		return { protocol: bedrockProtocol, kind: chat ? "chat" : "unknown" }
	}
	const google = googlePatterns.find(({ pattern }) => pattern.test(trimmed))
	if (google) return google.route
	if (
		trimmed.startsWith("/v1beta/") ||
		trimmed.startsWith("/v1beta1/") ||
		trimmed.includes("/publishers/google/")
	)
		return { protocol: geminiStreamProtocol, kind: "unknown" }
	if (trimmed === "/api" || trimmed.startsWith("/api/"))
		return { protocol: ollamaProtocol, kind: "unknown" }
	return { protocol: anthropic ? anthropicProtocol : openaiProtocol, kind: "unknown" }
}
