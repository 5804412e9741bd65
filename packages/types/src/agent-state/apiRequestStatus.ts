import type { ClineMessage } from "../message/clineMessage.js"
import { apiRequestInfo, type ClineApiReqInfo } from "../message/apiReqInfo.js"

function lastApiRequest(messages: readonly ClineMessage[]): ClineMessage | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		if (messages[i]?.say === "api_req_started") return messages[i]
	}
	return undefined
}

/** The info of the latest model request, or undefined if there is none or its text is unreadable. */
export function lastApiRequestInfo(messages: readonly ClineMessage[]): ClineApiReqInfo | undefined {
	return apiRequestInfo(lastApiRequest(messages))
}

/**
 * True while the latest model request has not finished: its `cost` is still undefined (seeds
 * 000/001). A request that was cancelled or failed counts as finished even without a cost, so a
 * task killed mid-stream and reopened from disk is not shown as streaming forever.
 */
export function isApiRequestStreaming(messages: readonly ClineMessage[]): boolean {
	const info = lastApiRequestInfo(messages)
	if (info === undefined) return false
	return (
		info.cost === undefined &&
		info.cancelReason === undefined &&
		info.streamingFailedMessage === undefined
	)
}
