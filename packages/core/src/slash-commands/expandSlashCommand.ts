import { commandElement, slashInvocation } from "@cairn/types"
import type { BuiltInCommandName } from "./builtInCommands.js"
import { isBuiltInCommand } from "./builtInCommands.js"
import type { CustomSlashCommand, SlashCommandCatalog } from "./commandCatalog.js"

/** Where a command's body takes what the person typed after its name. */
export const argumentsPlaceholder = "$ARGUMENTS"

/**
 * What a message the person sends means:
 * - `message`: text for the model: as typed, or a custom command expanded (`command` names it);
 * - `builtIn`: a built-in command to act on, with what followed its name.
 */
export type PersonText =
	| { kind: "message"; text: string; command?: string }
	| { kind: "builtIn"; name: BuiltInCommandName; args: string }

/**
 * A custom command as the model receives it: its prompt in a `<command>` element that says where
 * it came from, `$ARGUMENTS` replaced by what the person typed after the name, or, when the
 * prompt has no `$ARGUMENTS`, that text after the element.
 */
export function expandCustomCommand(command: CustomSlashCommand, args: string): string {
	const takesArguments = command.body.includes(argumentsPlaceholder)
	// split/join, not replaceAll: the person's text may hold `$&` and the like, which a replacement string would interpret.
	const body = takesArguments ? command.body.split(argumentsPlaceholder).join(args) : command.body
	const element = commandElement(command.name, command.file, body)
	return takesArguments || args === "" ? element : `${element}\n${args}`
}

/**
 * Reads what the person sends. Only a known command at the very start counts: any other `/word`
 * (a path like /usr/bin, a command that does not exist) is sent as typed. Without `builtIns`
 * (text riding along with an Approve or Reject is feedback, not an action) a built-in's name is
 * text too.
 */
export function interpretPersonText(
	text: string,
	catalog: SlashCommandCatalog,
	options: { builtIns: boolean } = { builtIns: true },
): PersonText {
	const invocation = slashInvocation(text)
	if (invocation === undefined) return { kind: "message", text }
	if (isBuiltInCommand(invocation.name))
		return options.builtIns
			? { kind: "builtIn", name: invocation.name, args: invocation.args }
			: { kind: "message", text }
	const command = catalog.customCommand(invocation.name)
	if (command === undefined) return { kind: "message", text }
	return { kind: "message", text: expandCustomCommand(command, invocation.args), command: command.name }
}
