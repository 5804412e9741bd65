import type { AutoApprovalSettings, CairnSettings } from "./settings.js"

/** The switches that let one kind of request through without a person (the others refine them). */
export type AutoApprovalSwitch =
	| "readOnly"
	| "write"
	| "execute"
	| "mcp"
	| "browser"
	| "followup"
	| "alwaysAllowModeSwitch"
	| "alwaysAllowSubtasks"

/** A switch takes effect only while the master switch is on too. */
export function autoApprovalSwitchOn(approval: AutoApprovalSettings, key: AutoApprovalSwitch): boolean {
	return approval.enabled && approval[key]
}

/**
 * Whether commands run without asking: with the switch on, only the commands the allowed list
 * names do ("noAllowedCommands" while it names none, so every command still asks). The approval
 * decision and every summary of it read this, so what a summary says is what happens.
 */
export function commandsAutoApproval(
	settings: Pick<CairnSettings, "autoApproval" | "allowedCommands">,
): "off" | "noAllowedCommands" | "allowedOnly" {
	if (!autoApprovalSwitchOn(settings.autoApproval, "execute")) return "off"
	return settings.allowedCommands.some((rule) => rule.trim() !== "") ? "allowedOnly" : "noAllowedCommands"
}
