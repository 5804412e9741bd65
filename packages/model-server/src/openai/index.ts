import type { ProviderProtocol } from "../protocol.js"
import { isRecord } from "../protocol.js"
import { openaiCompletion } from "./completion.js"
import { openaiErrorBody, openaiRequestId, validateOpenaiChat } from "./errors.js"
import { openaiModelList } from "./models.js"
import { openaiContextVerdict } from "./overflow.js"
import { openaiMalformedChunk, openaiStreamChunks, openaiStreamErrorChunk } from "./stream.js"

export const openaiProtocol: ProviderProtocol = {
	provider: "openai",
	streamContentType: "text/event-stream; charset=utf-8",
	responseHeaders: (sequence) => ({ "x-request-id": openaiRequestId(sequence) }),
	errorBody: openaiErrorBody,
	notFound: (method, path) => ({ status: 404, message: `Invalid URL (${method} ${path})` }),
	validateChat: validateOpenaiChat,
	wantsStream: (body) => isRecord(body) && body.stream === true,
	streamChunks: openaiStreamChunks,
	malformedChunk: openaiMalformedChunk,
	streamErrorChunk: openaiStreamErrorChunk,
	completion: openaiCompletion,
	modelList: openaiModelList,
	contextVerdict: openaiContextVerdict,
}
