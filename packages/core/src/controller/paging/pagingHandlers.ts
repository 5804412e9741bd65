import { pageAt, type ClineMessage } from "@cairn/types"
import type { Client, Handler, HandlerContext } from "../handlerContext.js"
import { textFor } from "../personText.js"
import { searchMessages } from "./searchMessages.js"

/**
 * A task's messages as the host holds them: the task's own in memory when it is open, else as
 * saved. Any task of the history answers, so an answer about a task the person has since left
 * is still well formed (the client drops it by its taskId).
 */
async function messagesOf(
	context: HandlerContext,
	taskId: string,
	inReplyTo: string,
	reply: Client,
): Promise<readonly ClineMessage[] | undefined> {
	const current = context.currentTask
	if (current?.taskId === taskId) return current.messages
	const record = await context.taskRecord(taskId)
	if (record === undefined)
		reply({
			type: "error",
			code: "not_found",
			error: textFor(context)("history.noSuchTask", { taskId }),
			inReplyTo,
		})
	return record?.messages
}

/** Older (or newer) pages of a long task as the person scrolls, and the find bar's search. */
export const pagingHandlers: {
	requestMessagePage: Handler<"requestMessagePage">
	searchTaskMessages: Handler<"searchTaskMessages">
} = {
	requestMessagePage: async (context, message, reply) => {
		const messages = await messagesOf(context, message.taskId, message.type, reply)
		if (messages === undefined) return
		reply({
			type: "messagePage",
			taskId: message.taskId,
			anchor: message.anchor,
			...pageAt(messages, message.anchor),
		})
	},
	searchTaskMessages: async (context, message, reply) => {
		const messages = await messagesOf(context, message.taskId, message.type, reply)
		if (messages === undefined) return
		reply({
			type: "taskSearchResults",
			taskId: message.taskId,
			requestId: message.requestId,
			query: message.query,
			...searchMessages(messages, message.query),
		})
	},
}
