import {
	autoApprovalLimitSchema,
	budgetStatusSchema,
	clineAskCommandSchema,
	clineAskFollowupSchema,
	clineAskUseMcpServerSchema,
	clineSayToolSchema,
	safeParseJson,
	type ClineMessage,
} from "@cairn/types"
import type { TFunction } from "i18next"
import { budgetWords } from "../rows/budgetWords"
import type { RowTone } from "../rows/RowHeader"
import { toolIcon, toolTitle } from "../rows/tool/toolTitle"

/** An ask in a few words, as the chat's row for that kind of ask heads it. */
export interface AskSummary {
	icon: string
	tone: RowTone
	title: string
	/** What it is about: the path, the command, the question, the error. */
	detail?: string
	/** Whether the detail is code (a command, a path) rather than prose. */
	detailIsCode?: boolean
	/** A question's suggested answers. */
	suggestions?: readonly string[]
	/** It asks to change a file: the host can show the proposed change in the editor's diff view. */
	proposesEdit?: boolean
}

/** The tool rows of a proposed file change (each is previewed in the editor before it is saved). */
const editTools: ReadonlySet<string> = new Set([
	"newFileCreated",
	"editedExistingFile",
	"appliedDiff",
	"insertContent",
	"searchAndReplace",
])

/** The chat's row titles (namespace "rows") for each kind of ask; `waiting` when none fits. */
export function askSummary(ask: ClineMessage, t: TFunction<"rows">, waiting: string): AskSummary {
	const text = ask.text ?? ""
	switch (ask.ask) {
		case "tool": {
			const parsed = safeParseJson(clineSayToolSchema, ask.text)
			if (!parsed.success) break
			const tool = parsed.data
			const detail =
				"path" in tool && tool.path !== undefined
					? tool.path
					: "command" in tool && tool.command !== undefined
						? tool.command
						: undefined
			return {
				icon: toolIcon(tool.tool),
				tone: "default",
				title: toolTitle(tool, "proposed", t),
				...(detail !== undefined && { detail, detailIsCode: true }),
				...(editTools.has(tool.tool) && { proposesEdit: true }),
			}
		}
		case "command": {
			const parsed = safeParseJson(clineAskCommandSchema, ask.text)
			const unsandboxed = parsed.success && parsed.data.sandboxFailure !== undefined
			return {
				icon: "terminal",
				tone: "default",
				title: t(unsandboxed ? "command.wantsUnsandboxed" : "command.wants"),
				detail: parsed.success ? parsed.data.command : text,
				detailIsCode: true,
			}
		}
		case "followup": {
			const parsed = safeParseJson(clineAskFollowupSchema, ask.text)
			return {
				icon: "question",
				tone: "default",
				title: t("followup.title"),
				detail: parsed.success ? parsed.data.question : text,
				suggestions: parsed.success ? parsed.data.suggest.map((s) => s.answer) : [],
			}
		}
		case "use_mcp_server": {
			const parsed = safeParseJson(clineAskUseMcpServerSchema, ask.text)
			if (!parsed.success) break
			const use = parsed.data
			return use.type === "use_mcp_tool"
				? {
						icon: "server",
						tone: "default",
						title: t("mcp.wantsTool", { tool: use.toolName, server: use.serverName }),
					}
				: {
						icon: "server",
						tone: "default",
						title: t("mcp.wantsResource", { server: use.serverName }),
						detail: use.uri,
						detailIsCode: true,
					}
		}
		case "browser_action_launch":
			return {
				icon: "globe",
				tone: "default",
				title: t("browser.wantsToOpen"),
				detail: text,
				detailIsCode: true,
			}
		case "api_req_failed":
			return { icon: "error", tone: "error", title: t("kind.apiFailed"), detail: text }
		case "mistake_limit_reached":
			return {
				icon: "warning",
				tone: "warning",
				title: t("mistakes.title"),
				detail: t("mistakes.detail"),
			}
		case "auto_approval_max_req_reached": {
			const parsed = safeParseJson(autoApprovalLimitSchema, ask.text)
			if (!parsed.success) break
			return {
				icon: "shield",
				tone: "warning",
				title: parsed.data.limit === "requests" ? t("limit.requestsTitle") : t("limit.costTitle"),
			}
		}
		case "budget_reached": {
			const parsed = safeParseJson(budgetStatusSchema, ask.text)
			if (!parsed.success) break
			return { icon: "stop-circle", tone: "warning", ...budgetWords(parsed.data, true, t) }
		}
		case "resume_task":
			return { icon: "debug-pause", tone: "default", title: t("resume.interrupted") }
		case "resume_completed_task":
			return { icon: "pass-filled", tone: "success", title: t("resume.completed") }
		case "completion_result":
			return { icon: "pass-filled", tone: "success", title: t("completion.title"), detail: text }
		default:
			break
	}
	return { icon: "bell-dot", tone: "default", title: waiting, ...(text !== "" && { detail: text }) }
}
