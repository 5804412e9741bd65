import type { Mode } from "./modes.js"

/** The current mode for the system prompt: its name and what it may not do. */
export function currentModeText(mode: Mode): string {
	const lines = [`You are in ${mode.name} mode (${mode.slug}).`]
	for (const entry of mode.groups) {
		if (entry.restriction)
			lines.push(
				`In this mode the ${entry.group} tools may only change ${entry.restriction.description} (paths matching ${entry.restriction.fileRegex}); any other file is refused.`,
			)
	}
	return lines.join("\n")
}

/** Every mode's slug (what the tools take) with when to use it, so the model can suggest or choose the right one. */
export function modesListText(modes: readonly Mode[]): string {
	return modes.map((mode) => `- ${mode.slug}: ${mode.whenToUse}`).join("\n")
}
