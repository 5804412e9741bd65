import type { ClineMessage } from "@cairn/types"
import { apiRequestInfo } from "@cairn/types"

/**
 * The newest model request has not ended yet: its row has neither a cost nor a reason it stopped.
 * Reads back from the newest message to the newest request row only.
 */
export function requestInFlight(messages: readonly ClineMessage[]): boolean {
	for (let i = messages.length - 1; i >= 0; i--) {
		const info = apiRequestInfo(messages[i])
		if (info !== undefined) return info.cost === undefined && info.cancelReason === undefined
	}
	return false
}
