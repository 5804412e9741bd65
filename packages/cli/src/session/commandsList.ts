import { jsonLine, readSlashCommands } from "@cairn/core"
import type { SlashCommandsSnapshot, SlashCommandView } from "@cairn/types"
import type { RunOptions } from "../cli/runOptions.js"
import { createCliLogger } from "../host/cliLogger.js"

function whereFrom(command: SlashCommandView): string {
	if (command.source === "builtin") return "built-in"
	const hides = command.overrides === undefined ? "" : `, in place of the ${command.overrides} one`
	return `${command.source}: ${command.file ?? ""}${hides}`
}

/** The commands as a table (name and hint, description, where from) and the files' problems, or one JSON line. */
export function formatCommandsList(
	snapshot: SlashCommandsSnapshot,
	format: RunOptions["outputFormat"],
): string {
	if (format !== "text") return jsonLine(snapshot)
	const usage = snapshot.commands.map((c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ""}`)
	const width = Math.max(...usage.map((u) => u.length))
	const lines = snapshot.commands.map((command, i) =>
		[(usage[i] ?? "").padEnd(width), command.description, `(${whereFrom(command)})`]
			.filter((cell) => cell !== "")
			.join("  "),
	)
	for (const problem of snapshot.problems) lines.push(`Left out: ${problem}`)
	return `${lines.join("\n")}\n`
}

/** `cairn commands list`: the slash commands a prompt may start with in this workspace. */
export async function listCommands(options: RunOptions, write: (text: string) => void): Promise<number> {
	const logger = createCliLogger({
		debug: options.debug,
		cairnHome: options.cairnHome,
		stderr: true,
		secrets: [],
	})
	write(
		formatCommandsList(
			await readSlashCommands(options.workspace, options.cairnHome, logger),
			options.outputFormat,
		),
	)
	return 0
}
