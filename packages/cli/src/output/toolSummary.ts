import { t, type CliMessageKey } from "../i18n/cliI18n.js"
import { clineSayToolSchema, safeParse, type TodoStatus } from "@cairn/types"

/** How a tool call reads in one line, and the diff or content that goes with it. */
export interface ToolSummary {
	/** "Read", "Edit", "Run", ... */
	verb: string
	/** The path, command or server the call is about. */
	target: string
	/** A unified diff (edits), the new file's lines, each marked "+", or the todo list. */
	body?: string
	/** Why a command waits for a person: a denied command, the analyser's reason, a sandbox failure. */
	note?: string
	/** For a command that asks: the allowed-command rules that would let it run unasked, and where they go. */
	allowRule?: string
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

/** The key of each tool kind's verb ("Read", "Edit", ...); unknown kinds show as they are named. */
const verbs: Readonly<Record<string, CliMessageKey>> = {
	readFile: "tools.readFile",
	listFilesTopLevel: "tools.listFilesTopLevel",
	listFilesRecursive: "tools.listFilesRecursive",
	searchFiles: "tools.searchFiles",
	listCodeDefinitionNames: "tools.listCodeDefinitionNames",
	newFileCreated: "tools.newFileCreated",
	editedExistingFile: "tools.edit",
	appliedDiff: "tools.edit",
	insertContent: "tools.insertContent",
	searchAndReplace: "tools.searchAndReplace",
	executeCommand: "tools.run",
	command: "tools.run",
	switchMode: "tools.switchMode",
	newTask: "tools.newTask",
	finishTask: "tools.finishTask",
	fetchInstructions: "tools.fetchInstructions",
	useSkill: "tools.useSkill",
	codebaseSearch: "tools.codebaseSearch",
	updateTodoList: "tools.updateTodoList",
	selectActiveIntent: "tools.selectActiveIntent",
	scopeViolation: "tools.scopeViolation",
	mcp: "tools.mcp",
	launch: "tools.launch",
}

/** `kind` is a tool_use kind (a ClineSayTool `tool`, "command", "mcp" or "launch"). */
export function summarizeTool(kind: string, input: Record<string, unknown>): ToolSummary {
	const verbKey = verbs[kind]
	const verb = verbKey === undefined ? kind : t(verbKey)
	const where = str(input.path) ?? ""
	switch (kind) {
		case "executeCommand":
		case "command": {
			const cwd = str(input.cwd)
			const command = str(input.command) ?? ""
			const target = cwd ? t("tools.commandIn", { command, cwd }) : command
			const note = commandNote(input)
			const allowRule = allowRuleHint(input)
			return {
				verb,
				target,
				...(note !== undefined && { note }),
				...(allowRule !== undefined && { allowRule }),
			}
		}
		case "searchFiles": {
			const regex = str(input.regex) ?? ""
			const pattern = str(input.filePattern)
			return {
				verb,
				target: pattern
					? t("tools.searchTargetIn", { path: where, regex, pattern })
					: t("tools.searchTarget", { path: where, regex }),
			}
		}
		case "newFileCreated": {
			const diff = str(input.diff)
			if (diff !== undefined) return { verb: t("tools.overwrite"), target: where, body: diff }
			// A new file reads as a diff that adds every line.
			const content = (str(input.content) ?? "").replace(/\n$/, "")
			const body =
				content === ""
					? ""
					: content
							.split("\n")
							.map((line) => `+${line}`)
							.join("\n")
			return { verb, target: where, body }
		}
		case "editedExistingFile":
		case "appliedDiff":
		case "insertContent":
		case "searchAndReplace":
			return { verb, target: where, body: str(input.diff) ?? "" }
		case "switchMode":
		case "newTask":
			return { verb, target: str(input.mode) ?? "" }
		case "codebaseSearch":
			return { verb, target: str(input.query) ?? "" }
		case "useSkill":
			return { verb, target: str(input.name) ?? "" }
		case "scopeViolation":
			return { verb, target: str(input.reason) ?? "" }
		case "mcp":
			return {
				verb,
				target: `${str(input.serverName) ?? ""} ${str(input.toolName) ?? str(input.uri) ?? ""}`.trim(),
			}
		case "launch":
			return { verb, target: str(input.url) ?? "" }
		case "updateTodoList":
			return { verb, ...todoList(input) }
		default:
			return { verb, target: where }
	}
}

/** At most `max` lines of `text`, with a note of how many were left out. */
export function clipLines(text: string, max: number): string {
	const lines = text.replace(/\n$/, "").split("\n")
	if (lines.length <= max) return lines.join("\n")
	return `${lines.slice(0, max).join("\n")}\n${t("tools.moreLines", { count: lines.length - max })}`
}

const todoMarks: Readonly<Record<TodoStatus, string>> = {
	pending: "[ ]",
	in_progress: "[-]",
	completed: "[x]",
}

/** The list as its checklist, one step a line, with how much is done. */
function todoList(input: Record<string, unknown>): { target: string; body?: string } {
	const row = safeParse(clineSayToolSchema, { tool: "updateTodoList", ...input })
	if (!row.success || row.data.tool !== "updateTodoList") return { target: "" }
	const { todos } = row.data
	return {
		target: t("tools.todoProgress", {
			done: todos.filter((todo) => todo.status === "completed").length,
			total: todos.length,
		}),
		body: todos.map((todo) => `  ${todoMarks[todo.status]} ${todo.content}`).join("\n"),
	}
}

/**
 * The allowed-command rules that would have let an asked command run unasked, as the line that
 * tells the person where to add them (the CLI's settings live in $CAIRN_HOME/state.json).
 */
function allowRuleHint(input: Record<string, unknown>): string | undefined {
	const rules = Array.isArray(input.allowRules)
		? input.allowRules.filter((rule): rule is string => typeof rule === "string")
		: []
	if (rules.length === 0) return undefined
	return t("tools.allowRule", { rules: rules.map((rule) => JSON.stringify(rule)).join(", ") })
}

function commandNote(input: Record<string, unknown>): string | undefined {
	const deniedBy = str(input.deniedBy)
	if (deniedBy !== undefined) return t("tools.deniedCommand", { command: deniedBy })
	const failure = str(input.sandboxFailure)
	if (failure !== undefined) return t("tools.sandboxFailed", { failure })
	const reason = str(input.reason)
	if (reason !== undefined) return t("tools.notAutoApproved", { reason })
	return input.background === true ? t("background.onAsk") : undefined
}
