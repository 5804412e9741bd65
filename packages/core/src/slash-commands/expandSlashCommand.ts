import path from "node:path"
import { commandElement, slashCommandNameSchema, slashInvocation, type SlashInvocation } from "@cairn/types"
import type { BuiltInCommandName } from "./builtInCommands.js"
import { isBuiltInCommand } from "./builtInCommands.js"
import type { CustomSlashCommand, SlashCommandCatalog } from "./commandCatalog.js"

/**
 * What a message the person sends means:
 * - `message`: text for the model: as typed, or a custom command expanded (`command` names it);
 * - `builtIn`: a built-in command to act on, with what followed its name.
 */
export type PersonText =
	| { kind: "message"; text: string; command?: string }
	| { kind: "builtIn"; name: BuiltInCommandName; args: string }

/**
 * `$ARGUMENTS` (all the person typed after the name) or `$1`..`$9` (its words, as Claude Code's
 * commands number them); one pattern, so text put in for one placeholder is never read as another.
 */
const placeholders = /\$ARGUMENTS|\$([1-9])/g

/**
 * A custom command as the model receives it: its prompt in a `<command>` element that says where
 * it came from, its placeholders replaced by what the person typed after the name (a word not
 * typed is empty), or, when the prompt has none, that text after the element.
 */
export function expandCustomCommand(command: CustomSlashCommand, args: string): string {
	const words = args === "" ? [] : args.split(/\s+/)
	let takesArguments = false
	// A replacer function, not a replacement string: the person's text may hold `$&` and the like.
	const body = command.body.replace(placeholders, (_placeholder: string, position?: string) => {
		takesArguments = true
		return position === undefined ? args : (words[Number(position) - 1] ?? "")
	})
	const element = commandElement(command.name, command.file, body)
	return takesArguments || args === "" ? element : `${element}\n${args}`
}

/**
 * Cline's workflows are typed with their file's extension, `/release-notes.md`
 * (https://docs.cline.bot/features/slash-commands/workflows): the name before `.md`, and what follows.
 */
function workflowInvocation(text: string): SlashInvocation | undefined {
	const match = /^\/([^\s/]+)\.md(?:\s+([\s\S]*))?$/.exec(text.trimStart())
	const name = match?.[1] ?? ""
	if (match === null || !slashCommandNameSchema.safeParse(name).success) return undefined
	return { name, args: (match[2] ?? "").trim() }
}

/** Whether a message may name a command, `/name` or a Cline workflow's `/name.md`: only then are command files read. */
export function mayNameCommand(text: string): boolean {
	return slashInvocation(text) !== undefined || workflowInvocation(text) !== undefined
}

/**
 * The command `/name.md` stands for: the command of that name when a Cline workflow of that name
 * is in the workspace, the workflow itself or the command that hides it (the menu says which).
 */
function workflowCommand(text: string, catalog: SlashCommandCatalog): SlashInvocation | undefined {
	const invocation = workflowInvocation(text)
	if (invocation === undefined) return undefined
	const command = catalog.customCommand(invocation.name)
	const workflowFile = path.join(".clinerules", "workflows", `${invocation.name}.md`)
	if (command === undefined) return undefined
	return command.file === workflowFile || command.shadows?.includes(workflowFile) === true
		? invocation
		: undefined
}

/**
 * Reads what the person sends. Only a known command at the very start counts (or a Cline
 * workflow's `/name.md`): any other `/word` (a path like /usr/bin, a command that does not exist)
 * is sent as typed. Without `builtIns`
 * (text riding along with an Approve or Reject is feedback, not an action) a built-in's name is
 * text too.
 */
export function interpretPersonText(
	text: string,
	catalog: SlashCommandCatalog,
	options: { builtIns: boolean } = { builtIns: true },
): PersonText {
	const invocation = slashInvocation(text) ?? workflowCommand(text, catalog)
	if (invocation === undefined) return { kind: "message", text }
	if (isBuiltInCommand(invocation.name))
		return options.builtIns
			? { kind: "builtIn", name: invocation.name, args: invocation.args }
			: { kind: "message", text }
	const command = catalog.customCommand(invocation.name)
	if (command === undefined) return { kind: "message", text }
	return { kind: "message", text: expandCustomCommand(command, invocation.args), command: command.name }
}
