import { z } from "zod"
import type { NamedCommand } from "../commands/taskCommands.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { OutputCollector } from "./support/outputCollector.js"
import { toolError } from "./support/toolResults.js"

/** One page of a full read: as much as a command's cut output shows the model. */
const pageLines = 400
const pageChars = 40_000

const params = z.object({
	id: z.string().trim().min(1).describe('The command\'s id ("cmd_1"), as execute_command gave it.'),
	all: z
		.boolean()
		.optional()
		.describe("Everything it printed (in pages), instead of what is new since the last read."),
	from_line: z.number().int().min(1).optional().describe("With all: the line to start the page at."),
})
export type ReadCommandOutputParams = z.infer<typeof params>

/** Where the command stands, in one sentence. */
export function commandState(command: NamedCommand): string {
	const exit = command.exit
	const name = `Command "${command.id}" (${command.command})`
	if (exit === undefined) return `${name} is still running.`
	if (command.stoppedBy === "person") return `${name} was stopped by the user.`
	if (command.stoppedBy === "agent") return `${name} was stopped (stop_command).`
	if (command.stoppedBy === "task") return `${name} was stopped when the task ended.`
	if (exit.exitCode !== undefined) return `${name} exited with code ${exit.exitCode}.`
	if (exit.signal !== undefined) return `${name} was ended by signal ${exit.signal}.`
	return `${name} has ended.`
}

/** What the command printed since it was last read, cut to its start and end as any command output. */
export function newOutput(command: NamedCommand): string {
	const fresh = new OutputCollector()
	fresh.push(command.log.takeNew())
	const text = fresh.render()
	return text.trim() === "" ? "(no new output)" : `New output:\n${text}`
}

function fullOutput(command: NamedCommand, fromLine: number): string {
	const page = command.log.page(fromLine, pageLines, pageChars)
	if (page.total === 0) return "(no output)"
	const dropped = page.droppedChars > 0 ? ` (its first ${page.droppedChars} characters were not kept)` : ""
	if (page.to < page.from) return `It printed ${page.total} lines${dropped}; there is no line ${fromLine}.`
	const more = page.to < page.total ? ` Read on with from_line: ${page.to + 1}.` : ""
	return `Lines ${page.from}-${page.to} of ${page.total}${dropped}.${more}\n${page.text}`
}

/**
 * Reads a command's output by id: a background command's new output since the last read, or all
 * that a command printed (its output as the model was shown it may have been cut). Reading
 * changes nothing, so it asks no one; the person sees the output live on the command's row.
 */
export const readCommandOutputTool: ToolDefinition<ReadCommandOutputParams> = {
	name: "read_command_output",
	description:
		"Read a background command's new output and state, or (all: true) everything a command printed, where its output was cut.",
	params,
	execute({ id, all, from_line }, context) {
		const command = context.commands?.find(id)
		if (command === undefined)
			return Promise.resolve(
				toolError(
					`There is no command "${id}" in this task. Ids come from execute_command (background commands, and commands whose output was cut).`,
				),
			)
		const body = all === true ? fullOutput(command, from_line ?? 1) : newOutput(command)
		return Promise.resolve({ content: `${commandState(command)}\n${body}` })
	},
}
