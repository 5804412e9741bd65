import type { ClineMessage } from "@cairn/types"

/**
 * Messages that have no row of their own. `api_req_finished` and `api_req_deleted` are legacy
 * bookkeeping; the `completion_result` ask follows the result's say and only exists to wait for
 * the person, whose buttons show below.
 */
export function hasRow(message: ClineMessage): boolean {
	if (message.type === "say") return message.say !== "api_req_finished" && message.say !== "api_req_deleted"
	if (message.ask === "completion_result") return message.text !== undefined && message.text !== ""
	return true
}
