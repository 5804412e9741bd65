import {
	type AutoApprovalLimit,
	type AutoApprovalSwitch,
	type CairnSettings,
	autoApprovalSwitchOn,
	commandsAutoApproval,
} from "@cairn/types"
import { budgetLevel } from "../budgets/budgetRule.js"
import type { SpendMeter } from "../budgets/spendMeter.js"
import { isDestructiveTool } from "../hooks/toolClassifier.js"
import type { ApprovalRequest } from "../tools/toolDefinition.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { evaluateCommand, type CommandDecision } from "./evaluateCommand.js"

export type AutoApprovalDecision =
	| { decision: "auto" }
	/** A person decides; `command` explains a command's verdict (e.g. which prefix denied it). */
	| { decision: "ask"; command?: CommandDecision }
	/** Auto-approval would go on, but a per-task limit was reached: confirm before continuing. */
	| { decision: "limit"; limit: AutoApprovalLimit }

export interface AutoApprovalUsage {
	/** Actions auto-approved since the task started or the limit was last confirmed. */
	autoApproved: number
	/** What the task spent since it started or the limit was last confirmed (its budget feeds it). */
	spend: SpendMeter
}

/** The workspace a request is judged in: a command's paths are checked against it. */
export interface ApprovalPlace {
	workspaceRoot: string
	ignore: CairnIgnore
}

/**
 * A person decides. A command is still checked against the denied prefixes and the ignore file,
 * so every client can warn that it matches one or names an ignored file (and -y refuses it),
 * whether or not auto-approval is on.
 */
async function askFor(
	settings: CairnSettings,
	request: ApprovalRequest,
	place: ApprovalPlace,
): Promise<AutoApprovalDecision> {
	if (request.kind !== "execute") return { decision: "ask" }
	const verdict = await evaluateCommand(
		request.command.command,
		{ allowed: [], denied: settings.deniedCommands },
		{ ...place, cwd: request.folder },
	)
	const tellsMore =
		verdict.decision === "deny" || (verdict.decision === "ask" && verdict.ignoredPath !== undefined)
	return tellsMore ? { decision: "ask", command: verdict } : { decision: "ask" }
}

/** Whether the settings allow this request without a person, before any limit is considered. */
async function allowedBySettings(
	settings: CairnSettings,
	request: ApprovalRequest,
	toolName: string,
	place: ApprovalPlace,
): Promise<AutoApprovalDecision> {
	const auto = settings.autoApproval
	// A mode that may not edit every file: a tool call may change files, so no switch and no
	// alwaysAllow lets it run unseen.
	if (request.kind === "mcp" && request.request.type === "use_mcp_tool" && request.request.modeMayNotEdit)
		return { decision: "ask" }
	// The person's own word for this one tool, in the server's config: it holds whatever the switches say.
	if (request.kind === "mcp" && request.alwaysAllowed) return { decision: "auto" }
	const on = (key: AutoApprovalSwitch) => autoApprovalSwitchOn(auto, key)
	if (!auto.enabled || (request.kind === "execute" && commandsAutoApproval(settings) === "off"))
		return askFor(settings, request, place)
	switch (request.kind) {
		case "read":
			// No switch reads keys and tokens unseen: the person's word for each is the point.
			if (request.credentialStore !== undefined) return { decision: "ask" }
			// The read-only switch is for tools the classifier says change nothing, whatever a tool asks as.
			return on("readOnly") &&
				!isDestructiveTool(toolName) &&
				(!request.isOutsideWorkspace || auto.readOnlyOutsideWorkspace)
				? { decision: "auto" }
				: { decision: "ask" }
		case "write":
			return on("write") &&
				(!request.isOutsideWorkspace || auto.writeOutsideWorkspace) &&
				(!request.isProtected || auto.writeProtected)
				? { decision: "auto" }
				: { decision: "ask" }
		case "execute": {
			if (request.command.isOutsideWorkspace) return askFor(settings, request, place)
			const verdict = await evaluateCommand(
				request.command.command,
				{ allowed: settings.allowedCommands, denied: settings.deniedCommands },
				{ ...place, cwd: request.folder },
			)
			return verdict.decision === "allow" ? { decision: "auto" } : { decision: "ask", command: verdict }
		}
		case "mcp":
			return on("mcp") ? { decision: "auto" } : { decision: "ask" }
		case "browser":
			return on("browser") ? { decision: "auto" } : { decision: "ask" }
		case "mode":
			return on(request.row.tool === "newTask" ? "alwaysAllowSubtasks" : "alwaysAllowModeSwitch")
				? { decision: "auto" }
				: { decision: "ask" }
	}
}

/**
 * Decides whether a request of the tool `toolName` runs without asking. The limits only ever
 * turn an automatic approval into a confirmation; they never approve anything.
 */
export async function decideAutoApproval(
	settings: CairnSettings,
	request: ApprovalRequest,
	usage: AutoApprovalUsage,
	toolName: string,
	place: ApprovalPlace,
): Promise<AutoApprovalDecision> {
	const decision = await allowedBySettings(settings, request, toolName, place)
	if (decision.decision !== "auto") return decision
	const { maxRequests, maxCost } = settings.autoApproval
	if (maxRequests !== undefined && usage.autoApproved >= maxRequests) {
		return { decision: "limit", limit: { limit: "requests", count: usage.autoApproved } }
	}
	// A cost limit like any budget's, by the budgets' one rule.
	if (budgetLevel(usage.spend.spent, { ...(maxCost !== undefined && { maxCost }) }) === "reached") {
		return { decision: "limit", limit: { limit: "cost", cost: usage.spend.spent.cost } }
	}
	return decision
}
