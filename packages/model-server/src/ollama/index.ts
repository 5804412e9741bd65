import type { ProviderProtocol } from "../protocol.js"
import { isRecord } from "../protocol.js"
import {
	ollamaChatResponse,
	ollamaMalformedChunk,
	ollamaStreamChunks,
	ollamaStreamErrorChunk,
} from "./chat.js"
import { ollamaErrorBody, validateOllamaChat } from "./errors.js"
import { ollamaModelList } from "./models.js"
import { ollamaContextVerdict } from "./overflow.js"

export const ollamaProtocol: ProviderProtocol = {
	provider: "ollama",
	streamContentType: "application/x-ndjson",
	responseHeaders: () => ({}),
	errorBody: ollamaErrorBody,
	notFound: () => ({ status: 404, message: "404 page not found" }),
	validateChat: validateOllamaChat,
	// Unlike the other two, Ollama streams unless told `stream: false`.
	wantsStream: (body) => !(isRecord(body) && body.stream === false),
	streamChunks: (reply) => ollamaStreamChunks(reply),
	malformedChunk: ollamaMalformedChunk,
	streamErrorChunk: ollamaStreamErrorChunk,
	completion: ollamaChatResponse,
	modelList: ollamaModelList,
	contextVerdict: ollamaContextVerdict,
}
