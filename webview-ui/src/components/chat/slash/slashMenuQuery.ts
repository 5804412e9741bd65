import { slashInvocation, type SlashCommandView } from "@cairn/types"

/**
 * What the menu filters by: the partial name while the box holds only `/` and that name;
 * undefined once anything else is typed (a space ends the name, a second `/` makes it a path).
 */
export function slashQuery(text: string): string | undefined {
	const match = /^\/([a-z0-9_-]*)$/.exec(text)
	return match === null ? undefined : (match[1] ?? "")
}

/**
 * The commands for a partial name: those it starts, then those whose name, description or
 * namespace (a Claude command's subfolder, `/frontend` for `frontend/component.md`) holds it.
 */
export function matchingCommands(commands: readonly SlashCommandView[], query: string): SlashCommandView[] {
	const starts = commands.filter((command) => command.name.startsWith(query))
	const holds = commands.filter(
		(command) =>
			!command.name.startsWith(query) &&
			(command.name.includes(query) ||
				command.description.toLowerCase().includes(query) ||
				(command.namespace?.toLowerCase().includes(query) ?? false)),
	)
	return [...starts, ...holds]
}

/** The known command the box starts with once its name is complete, to show its argument hint. */
export function commandBeingGiven(
	text: string,
	commands: readonly SlashCommandView[],
): SlashCommandView | undefined {
	if (!/^\/\S+\s/.test(text)) return undefined
	const invocation = slashInvocation(text)
	return invocation && commands.find((command) => command.name === invocation.name)
}
