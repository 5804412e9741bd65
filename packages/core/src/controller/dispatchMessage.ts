import { parseWebviewMessage, type WebviewMessage } from "@cairn/types"
import { StorageError } from "../persistence/storageError.js"
import { TaskLockedError } from "../persistence/taskLock.js"
import type { Client, HandlerContext } from "./handlerContext.js"
import { ProviderError } from "../providers/providerError.js"
import { problemOf } from "../providers/providerProblem.js"
import { messageHandlers } from "./messageHandlers.js"

/**
 * Parses one client message and runs its handler; replies go to `reply`. Never throws: a bad
 * message or a failed handler is answered with an `error` naming what failed.
 */
export async function dispatchMessage(context: HandlerContext, input: unknown, reply: Client): Promise<void> {
	const parsed = parseWebviewMessage(input)
	if (!parsed.success) {
		context.host.logger.warn("Invalid message from a client", { error: parsed.error })
		reply({ type: "error", code: "invalid_message", error: parsed.error })
		return
	}
	const message = parsed.data
	try {
		await (
			messageHandlers[message.type] as (
				c: HandlerContext,
				m: WebviewMessage,
				r: Client,
			) => Promise<void>
		)(context, message, reply)
	} catch (error) {
		const text = error instanceof Error ? error.message : String(error)
		context.host.logger.error(`Handling "${message.type}" failed`, { error: text })
		const code =
			error instanceof StorageError
				? "storage_failed"
				: error instanceof TaskLockedError
					? "task_locked"
					: "failed"
		// A provider's failure (no key set, say) goes with its kind, for the client to word.
		const problem = error instanceof ProviderError ? { problem: problemOf(error) } : {}
		reply({ type: "error", code, error: text, inReplyTo: message.type, ...problem })
	}
}
