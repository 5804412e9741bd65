import type { WebviewMessageOf } from "@cairn/types"
import type { ModesFileSource } from "../modes/modeCatalog.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { followModeProfile } from "./profileHandlers.js"
import { textFor } from "./personText.js"

type ModeMessageType = "saveCustomMode" | "deleteCustomMode" | "exportMode" | "importModes" | "openModesFile"

const failed = (reply: Client, message: WebviewMessageOf<ModeMessageType | "mode">, error: string) =>
	reply({ type: "error", code: "failed", error, inReplyTo: message.type })

/**
 * Makes `slug` the mode of the next task and of the task on screen (from its next request). A
 * mode that remembers a profile makes it current, for the next task and the task on screen. An unknown slug
 * is refused with the modes there are, rather than quietly running in Code.
 */
export async function switchMode(context: HandlerContext, slug: string, reply: Client): Promise<void> {
	const catalog = context.modes
	if (!catalog.has(slug))
		return reply({
			type: "error",
			code: "not_found",
			error: textFor(context)("modes.unknown", {
				slug,
				modes: catalog
					.all()
					.map((mode) => mode.slug)
					.join(", "),
			}),
			inReplyTo: "mode",
		})
	// Started first: the task's next request waits for the model the mode remembers.
	const following = followModeProfile(context, slug)
	await context.settingsStore.update({ mode: slug })
	context.broadcast({ type: "modeChanged", mode: slug })
	context.currentTask?.switchMode(slug)
	await following
}

/** The custom-mode messages of the protocol. Every change reaches every client as `modes` (the catalog's onDidChange). */
export const modeHandlers: { [T in ModeMessageType]: Handler<T> } = {
	saveCustomMode: async (context, message) => {
		await context.modes.save(message.source, message.mode, message.previousSlug)
	},
	deleteCustomMode: async (context, message) => {
		await context.modes.delete(message.source, message.slug)
	},
	exportMode: async (context, message, reply) => {
		const text = context.modes.exportText(message.slug)
		if (text === undefined)
			return failed(reply, message, textFor(context)("modes.nothingToExport", { slug: message.slug }))
		if (context.host.saveExport === undefined)
			return failed(reply, message, textFor(context)("host.cannotExport"))
		await context.host.saveExport(`cairn-mode-${message.slug}.yaml`, text)
	},
	importModes: async (context, message) => {
		await context.modes.import(message.source, message.text)
	},
	openModesFile: async (context, message, reply) => {
		const file = await context.modes.ensureFile(message.source satisfies ModesFileSource)
		if (context.host.openFile === undefined)
			return failed(reply, message, textFor(context)("host.editFileYourself", { file }))
		await context.host.openFile(file)
	},
}
