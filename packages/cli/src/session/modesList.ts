import { jsonLine, readModes } from "@cairn/core"
import type { ModeSource, ModesSnapshot, ModeView } from "@cairn/types"
import stringWidth from "string-width"
import type { RunOptions } from "../cli/runOptions.js"
import { commandLogger } from "../host/cliLogger.js"
import { listOf, t } from "../i18n/cliI18n.js"
import { padCell } from "../output/table.js"

const sourceWord = (source: ModeSource) => t(source === "builtin" ? "modes.builtIn" : `modes.${source}`)

/** Where the mode comes from, what of Cairn's it replaces, and the other tools' files it hides. */
function whereFrom(mode: ModeView): string {
	const parts = [
		mode.fromFile !== undefined
			? t("modes.projectFile", { file: mode.fromFile })
			: sourceWord(mode.source),
	]
	if (mode.overrides !== undefined) parts.push(t("modes.replaces", { source: sourceWord(mode.overrides) }))
	if (mode.shadows !== undefined && mode.shadows.length > 0)
		parts.push(t("modes.hides", { files: listOf(mode.shadows) }))
	return parts.join(", ")
}

/** The modes as a table (slug, name, where from), then the files' problems; or one JSON line. */
export function formatModesList(snapshot: ModesSnapshot, format: RunOptions["outputFormat"]): string {
	if (format !== "text") return jsonLine(snapshot)
	const width = Math.max(...snapshot.modes.map((mode) => stringWidth(mode.slug)))
	const lines = snapshot.modes.map((mode) =>
		[padCell(mode.slug, width), mode.name, `(${whereFrom(mode)})`].join("  "),
	)
	for (const { text } of snapshot.problems) lines.push(t("modes.leftOut", { problem: text }))
	return `${lines.join("\n")}\n`
}

/** `cairn modes list`: the modes a task in this workspace may use (`--mode <slug>`). */
export async function listModes(options: RunOptions, write: (text: string) => void): Promise<number> {
	const logger = commandLogger(options)
	write(
		formatModesList(await readModes(options.workspace, options.cairnHome, logger), options.outputFormat),
	)
	return 0
}
