import type { ProviderProtocol } from "../protocol.js"
import { bedrockErrorBody, bedrockErrorHeaders, bedrockRequestId, validateBedrockChat } from "./errors.js"
import { bedrockContextVerdict } from "./overflow.js"
import {
	bedrockConverseResponse,
	bedrockMalformedChunk,
	bedrockStreamChunks,
	bedrockStreamErrorChunk,
} from "./stream.js"

/** Bedrock's runtime: Converse and ConverseStream, the model named in the path. */
export const bedrockProtocol: ProviderProtocol = {
	provider: "bedrock",
	streamContentType: "application/vnd.amazon.eventstream",
	responseHeaders: (sequence) => ({ "x-amzn-requestid": bedrockRequestId(sequence) }),
	errorBody: bedrockErrorBody,
	errorHeaders: bedrockErrorHeaders,
	notFound: (method, path) => ({
		status: 404,
		type: "UnknownOperationException",
		message: `Not Found: ${method} ${path}`,
	}),
	validateChat: validateBedrockChat,
	wantsStream: (_body, path) => path.endsWith("/converse-stream"),
	streamChunks: (reply) => bedrockStreamChunks(reply),
	malformedChunk: bedrockMalformedChunk,
	streamErrorChunk: bedrockStreamErrorChunk,
	completion: bedrockConverseResponse,
	// Bedrock lists models on its control plane (`bedrock`), not on the runtime.
	modelList: () => undefined,
	contextVerdict: bedrockContextVerdict,
}
