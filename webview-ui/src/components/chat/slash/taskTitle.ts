import { parseCommandMessage } from "@cairn/types"

/**
 * The task's text as the header shows it. A task started with a custom command shows as typed
 * (`/review src/app.ts`, the history's title) rather than as the prompt the model received.
 */
export function taskTitle(firstText: string | undefined, historyTitle: string | undefined): string {
	if (firstText === undefined) return historyTitle ?? ""
	const command = parseCommandMessage(firstText)
	if (command === undefined) return firstText
	return historyTitle ?? `/${command.name} ${command.after}`.trim()
}
