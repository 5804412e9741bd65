import type { ProviderProtocol } from "../protocol.js"
import { geminiErrorBody, validateGeminiChat } from "./errors.js"
import { geminiModelList } from "./models.js"
import { geminiContextVerdict } from "./overflow.js"
import {
	geminiCompletion,
	geminiMalformedChunk,
	geminiStreamChunks,
	geminiStreamErrorChunk,
} from "./stream.js"

/**
 * The Gemini API (`/v1beta/models/{model}:streamGenerateContent?alt=sse`) and Gemini on Vertex AI
 * (`…/publishers/google/models/{model}:streamGenerateContent`), which share their bodies. Whether
 * the answer streams is in the path, not the body, so the unary method has a protocol of its own.
 */
export const geminiStreamProtocol: ProviderProtocol = {
	provider: "gemini",
	streamContentType: "text/event-stream",
	responseHeaders: () => ({}),
	errorBody: geminiErrorBody,
	notFound: (method, path) => ({
		status: 404,
		message: `Requested entity was not found. (${method} ${path})`,
	}),
	validateChat: validateGeminiChat,
	wantsStream: () => true,
	streamChunks: geminiStreamChunks,
	malformedChunk: geminiMalformedChunk,
	streamErrorChunk: geminiStreamErrorChunk,
	completion: geminiCompletion,
	modelList: geminiModelList,
	contextVerdict: geminiContextVerdict,
}

export const geminiUnaryProtocol: ProviderProtocol = { ...geminiStreamProtocol, wantsStream: () => false }
