import type { WebviewMessageOf } from "@cairn/types"
import type { ModesFileSource } from "../modes/modeCatalog.js"
import type { Client, Controller } from "./Controller.js"
import type { Handler } from "./messageHandlers.js"
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
export async function switchMode(controller: Controller, slug: string, reply: Client): Promise<void> {
	const catalog = controller.modes
	if (!catalog.has(slug))
		return reply({
			type: "error",
			code: "not_found",
			error: textFor(controller)("modes.unknown", {
				slug,
				modes: catalog
					.all()
					.map((mode) => mode.slug)
					.join(", "),
			}),
			inReplyTo: "mode",
		})
	// Started first: the task's next request waits for the model the mode remembers.
	const following = followModeProfile(controller, slug)
	await controller.settingsStore.update({ mode: slug })
	controller.broadcast({ type: "modeChanged", mode: slug })
	controller.currentTask?.switchMode(slug)
	await following
}

/** The custom-mode messages of the protocol. Every change reaches every client as `modes` (the catalog's onDidChange). */
export const modeHandlers: { [T in ModeMessageType]: Handler<T> } = {
	saveCustomMode: async (controller, message) => {
		await controller.modes.save(message.source, message.mode, message.previousSlug)
	},
	deleteCustomMode: async (controller, message) => {
		await controller.modes.delete(message.source, message.slug)
	},
	exportMode: async (controller, message, reply) => {
		const text = controller.modes.exportText(message.slug)
		if (text === undefined)
			return failed(
				reply,
				message,
				textFor(controller)("modes.nothingToExport", { slug: message.slug }),
			)
		if (controller.host.saveExport === undefined)
			return failed(reply, message, textFor(controller)("host.cannotExport"))
		await controller.host.saveExport(`cairn-mode-${message.slug}.yaml`, text)
	},
	importModes: async (controller, message) => {
		await controller.modes.import(message.source, message.text)
	},
	openModesFile: async (controller, message, reply) => {
		const file = await controller.modes.ensureFile(message.source satisfies ModesFileSource)
		if (controller.host.openFile === undefined)
			return failed(reply, message, textFor(controller)("host.editFileYourself", { file }))
		await controller.host.openFile(file)
	},
}
