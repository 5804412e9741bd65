import { evaluateCommand } from "../approval/evaluateCommand.js"
import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import { isProtectedPath } from "../workspace/protectedPaths.js"
import {
	clineAskCommandSchema,
	clineAskUseMcpServerSchema,
	clineSayToolSchema,
	safeParseJson,
	type ClineMessage,
	type ClineSayTool,
} from "@cairn/types"

export interface ApprovalPolicy {
	/** Approve what is approvable: the CLI's -y; never on the IPC socket, where a person decides. */
	autoApprove: boolean
	allowOutsideWorkspace: boolean
	allowProtected: boolean
	/** The configured denied command prefixes; a command matching one always needs a person. */
	deniedCommands: () => readonly string[]
}

/** Row kinds that change a file: a protected path among them needs a person. */
const editKinds: ReadonlySet<ClineSayTool["tool"]> = new Set([
	"newFileCreated",
	"editedExistingFile",
	"appliedDiff",
	"insertContent",
	"searchAndReplace",
])

function toolBlockers(row: ClineSayTool, policy: ApprovalPolicy): string[] {
	// Governance puts a person in the loop on purpose; -y does not stand in for them.
	if (row.tool === "scopeViolation")
		return [`${row.reason} (intent ${row.intentId} needs a person to allow this)`]
	const path = "path" in row ? row.path : undefined
	if (path === undefined) return []
	const flags = {
		isOutsideWorkspace: "isOutsideWorkspace" in row ? row.isOutsideWorkspace : undefined,
		isProtected: "isProtected" in row ? row.isProtected : undefined,
	}
	const blockers: string[] = []
	if ("credentialStore" in row && row.credentialStore !== undefined)
		blockers.push(`${path} is in a credential store (${row.credentialStore}); reading it needs a person`)
	if (flags.isOutsideWorkspace === true && !policy.allowOutsideWorkspace)
		blockers.push(`${path} is outside the workspace (--allow-outside-workspace)`)
	// The row's flag is the core's verdict; the path check keeps the rule even for a row without it.
	const isProtected = flags.isProtected === true || (editKinds.has(row.tool) && isProtectedPath(path))
	if (isProtected && !policy.allowProtected)
		blockers.push(`${path} is a protected file (--allow-protected)`)
	return blockers
}

async function commandBlockers(text: string | undefined, policy: ApprovalPolicy): Promise<string[]> {
	const parsed = safeParseJson(clineAskCommandSchema, text)
	if (!parsed.success) return [`the command request could not be read (${parsed.error})`]
	const { command, deniedBy, isOutsideWorkspace, sandboxFailure, ignoredPath } = parsed.data
	const blockers: string[] = []
	// The ignore file is the person's word that the agent keeps out; no flag lets -y past it.
	if (ignoredPath !== undefined)
		blockers.push(`"${command}" reads ${ignoredPath}, which ${cairnIgnoreFile} blocks`)
	if (isOutsideWorkspace === true && !policy.allowOutsideWorkspace)
		blockers.push(`"${command}" runs outside the workspace (--allow-outside-workspace)`)
	// The sandbox guards what runs unseen; -y must not be what lets a command out of it.
	if (sandboxFailure !== undefined)
		blockers.push(
			`"${command}" failed in the sandbox (${sandboxFailure}); running it outside needs a person`,
		)
	if (deniedBy !== undefined) {
		blockers.push(`"${command}" matches the denied command "${deniedBy}"`)
		return blockers
	}
	const denied = policy.deniedCommands()
	if (denied.length === 0) return blockers
	// The core flags denied commands itself (deniedBy); checking again here, with the core's parser,
	// keeps -y safe even against a host that does not, so a chained or nested one cannot slip through.
	const verdict = await evaluateCommand(command, { allowed: [], denied })
	if (verdict.decision === "deny")
		blockers.push(`"${command}" matches the denied command "${verdict.deniedBy}"`)
	else if (verdict.decision === "ask" && !verdict.understood)
		blockers.push(`"${command}" cannot be checked against the denied commands (${verdict.reason})`)
	return blockers
}

function mcpBlockers(text: string | undefined): string[] {
	const parsed = safeParseJson(clineAskUseMcpServerSchema, text)
	if (!parsed.success) return [`the MCP request could not be read (${parsed.error})`]
	const request = parsed.data
	// The mode keeps the task from changing files; -y does not stand in for the person there.
	return request.type === "use_mcp_tool" && request.modeMayNotEdit !== undefined
		? [
				`the MCP tool ${request.toolName} of ${request.serverName} may change files, which ${request.modeMayNotEdit} mode may not; a person decides`,
			]
		: []
}

/**
 * Why an approval ask must not be approved unseen, even with -y: paths outside the workspace,
 * protected files, denied commands (unless a flag allows the first two) and commands that
 * failed in the sandbox. Empty: approvable.
 */
export async function approvalBlockers(message: ClineMessage, policy: ApprovalPolicy): Promise<string[]> {
	switch (message.ask) {
		case "tool": {
			const parsed = safeParseJson(clineSayToolSchema, message.text)
			return parsed.success
				? toolBlockers(parsed.data, policy)
				: [`the tool request could not be read (${parsed.error})`]
		}
		case "command":
			return commandBlockers(message.text, policy)
		case "use_mcp_server":
			return mcpBlockers(message.text)
		case "browser_action_launch":
			return []
		default:
			return [`"${message.ask ?? message.say}" is not an approval`]
	}
}
