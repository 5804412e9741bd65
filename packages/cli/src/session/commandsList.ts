import { jsonLine, readSlashCommands } from "@cairn/core"
import type { SlashCommandsSnapshot, SlashCommandView } from "@cairn/types"
import type { RunOptions } from "../cli/runOptions.js"
import { commandLogger } from "../host/cliLogger.js"
import { listOf, t } from "../i18n/cliI18n.js"
import stringWidth from "string-width"
import { padCell } from "../output/table.js"

/** Where the command comes from, and the other tools' files of its name it hides. */
function whereFrom(command: SlashCommandView): string {
	const source = sourceOf(command)
	const shadows = command.shadows ?? []
	return shadows.length === 0 ? source : `${source}, ${t("commands.hides", { files: listOf(shadows) })}`
}

function sourceOf(command: SlashCommandView): string {
	const file = command.file ?? ""
	switch (command.source) {
		case "builtin":
			return t("commands.builtIn")
		case "global":
			return t(command.overrides === "builtin" ? "commands.globalOverBuiltIn" : "commands.global", {
				file,
			})
		case "project":
			if (command.overrides === "builtin") return t("commands.projectOverBuiltIn", { file })
			return t(command.overrides === "global" ? "commands.projectOverGlobal" : "commands.project", {
				file,
			})
	}
}

/** The commands as a table (name and hint, description, where from) and the files' problems, or one JSON line. */
export function formatCommandsList(
	snapshot: SlashCommandsSnapshot,
	format: RunOptions["outputFormat"],
): string {
	if (format !== "text") return jsonLine(snapshot)
	const usage = snapshot.commands.map((c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ""}`)
	const width = Math.max(...usage.map((u) => stringWidth(u)))
	const lines = snapshot.commands.map((command, i) =>
		[padCell(usage[i] ?? "", width), command.description, `(${whereFrom(command)})`]
			.filter((cell) => cell !== "")
			.join("  "),
	)
	for (const { text } of snapshot.problems) lines.push(t("commands.leftOut", { problem: text }))
	return `${lines.join("\n")}\n`
}

/** `cairn commands list`: the slash commands a prompt may start with in this workspace. */
export async function listCommands(options: RunOptions, write: (text: string) => void): Promise<number> {
	const logger = commandLogger(options)
	write(
		formatCommandsList(
			await readSlashCommands(options.workspace, options.cairnHome, logger),
			options.outputFormat,
		),
	)
	return 0
}
