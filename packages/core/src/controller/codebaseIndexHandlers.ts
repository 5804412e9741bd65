import { codebaseIndexKeyName } from "@cairn/types"
import type { Handler } from "./messageHandlers.js"

/** The Settings view's part of the codebase index: its status, starting or stopping a run, its own key. */
export const codebaseIndexHandlers: {
	requestCodebaseIndexStatus: Handler<"requestCodebaseIndexStatus">
	codebaseIndexControl: Handler<"codebaseIndexControl">
	updateCodebaseIndexKey: Handler<"updateCodebaseIndexKey">
} = {
	requestCodebaseIndexStatus: async (controller, _message, reply) => {
		reply({ type: "codebaseIndexStatus", status: controller.codebaseIndex.status() })
	},
	codebaseIndexControl: async (controller, message, reply) => {
		if (message.action === "stop") return controller.codebaseIndex.cancel()
		const { state } = controller.codebaseIndex.status()
		if (state === "off" || state === "unconfigured")
			return reply({
				type: "error",
				code: "failed",
				error:
					state === "off"
						? "Codebase indexing is turned off: turn it on to build the index."
						: "Choose an embedding model before building the index.",
				inReplyTo: message.type,
			})
		await controller.codebaseIndex.sync()
	},
	updateCodebaseIndexKey: async (controller, message, reply) => {
		const secrets = controller.host.secrets
		if (message.apiKey === undefined) await secrets.delete(codebaseIndexKeyName)
		else await secrets.set(codebaseIndexKeyName, message.apiKey)
		// A new key may reach a model the old one could not: the index reopens with it.
		await controller.codebaseIndex.sync()
		reply({ type: "codebaseIndexStatus", status: controller.codebaseIndex.status() })
	},
}
