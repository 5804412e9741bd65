import { codebaseIndexKeyName } from "@cairn/types"
import type { Handler } from "./handlerContext.js"
import { textFor } from "./personText.js"

/** The Settings view's part of the codebase index: its status, starting or stopping a run, its own key. */
export const codebaseIndexHandlers: {
	requestCodebaseIndexStatus: Handler<"requestCodebaseIndexStatus">
	codebaseIndexControl: Handler<"codebaseIndexControl">
	updateCodebaseIndexKey: Handler<"updateCodebaseIndexKey">
} = {
	requestCodebaseIndexStatus: async (context, _message, reply) => {
		reply({ type: "codebaseIndexStatus", status: context.codebaseIndex.status() })
	},
	codebaseIndexControl: async (context, message, reply) => {
		if (message.action === "stop") return context.codebaseIndex.cancel()
		const { state } = context.codebaseIndex.status()
		if (state === "off" || state === "unconfigured")
			return reply({
				type: "error",
				code: "failed",
				error: textFor(context)(
					state === "off" ? "codebaseIndex.turnedOff" : "codebaseIndex.noEmbeddingModel",
				),
				inReplyTo: message.type,
			})
		await context.codebaseIndex.sync()
	},
	updateCodebaseIndexKey: async (context, message, reply) => {
		const secrets = context.host.secrets
		if (message.apiKey === undefined) await secrets.delete(codebaseIndexKeyName)
		else await secrets.set(codebaseIndexKeyName, message.apiKey)
		// A new key may reach a model the old one could not: the index reopens with it.
		await context.codebaseIndex.sync()
		reply({ type: "codebaseIndexStatus", status: context.codebaseIndex.status() })
	},
}
