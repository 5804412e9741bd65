import path from "node:path"
import type { ImportReport, WebviewMessageOf } from "@cairn/types"
import { importClaudePermissions } from "../imports/claudePermissions.js"
import { importRooSettings } from "../imports/importRooSettings.js"
import { ImportFileError } from "../imports/readImportFile.js"
import { findRooTaskFolders } from "../imports/rooStorage.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { textFor } from "./personText.js"
import { broadcastSettings } from "./profileHandlers.js"

const refuse = (
	context: HandlerContext,
	reply: Client,
	problem: string,
	inReplyTo: "importFromRoo" | "importClaudeRules" = "importFromRoo",
) =>
	reply({
		type: "error",
		code: "failed",
		error: textFor(context)("imports.cannotImport", { problem }),
		inReplyTo,
	})

async function importChosen(
	context: HandlerContext,
	what: WebviewMessageOf<"importFromRoo">["what"],
	chosen: string,
): Promise<ImportReport> {
	if (what === "tasks") return context.importRooTasks(chosen)
	const report = await importRooSettings(chosen, { settings: context.settingsStore, modes: context.modes })
	await broadcastSettings(context)
	return report
}

/** Importing from other tools: the host asks for the file or folder, the core imports, the client gets the report. */
export const importHandlers: {
	importFromRoo: Handler<"importFromRoo">
	importClaudeRules: Handler<"importClaudeRules">
} = {
	importFromRoo: async (context, message, reply) => {
		const pick = context.host.pickImportSource
		if (pick === undefined) return refuse(context, reply, textFor(context)("imports.noPicker"))
		const found = message.what === "tasks" ? (await findRooTaskFolders())[0] : undefined
		const chosen = await pick.call(
			context.host,
			message.what === "tasks" ? "rooTasks" : "rooSettings",
			found,
		)
		if (chosen === undefined) return
		try {
			reply({ type: "importReport", report: await importChosen(context, message.what, chosen) })
		} catch (error) {
			if (!(error instanceof ImportFileError)) throw error
			refuse(context, reply, error.message)
		}
	},
	importClaudeRules: async (context, message, reply) => {
		const root = context.host.workspaceRoot
		const file = path.join(root, ".claude", "settings.json")
		try {
			const report = await importClaudePermissions(file, context.settingsStore, {
				workspace: root,
				preview: !message.apply,
			})
			if (message.apply) await broadcastSettings(context)
			reply({ type: "importReport", report })
		} catch (error) {
			if (!(error instanceof ImportFileError)) throw error
			refuse(context, reply, error.message, message.type)
		}
	},
}
