import type { ProviderProtocol } from "../protocol.js"
import { isRecord } from "../protocol.js"
import { anthropicErrorBody, anthropicRequestId, validateAnthropicChat } from "./errors.js"
import { anthropicMessage, anthropicModelList } from "./message.js"
import { anthropicContextVerdict } from "./overflow.js"
import { anthropicMalformedChunk, anthropicStreamChunks, anthropicStreamErrorChunk } from "./stream.js"

export const anthropicProtocol: ProviderProtocol = {
	provider: "anthropic",
	streamContentType: "text/event-stream; charset=utf-8",
	responseHeaders: (sequence) => ({ "request-id": anthropicRequestId(sequence) }),
	errorBody: anthropicErrorBody,
	notFound: (method, path) => ({
		status: 404,
		message: `Not Found: ${method} ${path}`,
		type: "not_found_error",
	}),
	validateChat: validateAnthropicChat,
	wantsStream: (body) => isRecord(body) && body.stream === true,
	streamChunks: (reply) => anthropicStreamChunks(reply),
	malformedChunk: anthropicMalformedChunk,
	streamErrorChunk: anthropicStreamErrorChunk,
	completion: anthropicMessage,
	modelList: anthropicModelList,
	contextVerdict: anthropicContextVerdict,
}
