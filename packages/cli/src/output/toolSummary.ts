import { clineSayToolSchema, safeParse, todoProgress, type TodoStatus } from "@cairn/types"

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
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

const verbs: Readonly<Record<string, string>> = {
	readFile: "Read",
	listFilesTopLevel: "List",
	listFilesRecursive: "List (recursive)",
	searchFiles: "Search",
	listCodeDefinitionNames: "List definitions in",
	newFileCreated: "Write",
	editedExistingFile: "Edit",
	appliedDiff: "Edit",
	insertContent: "Insert into",
	searchAndReplace: "Replace in",
	executeCommand: "Run",
	command: "Run",
	switchMode: "Switch mode to",
	newTask: "New task in",
	finishTask: "Finish",
	fetchInstructions: "Fetch instructions",
	codebaseSearch: "Search codebase for",
	updateTodoList: "Update the todo list",
	selectActiveIntent: "Select intent",
	scopeViolation: "Outside the intent's scope:",
	mcp: "Use MCP",
	launch: "Open browser at",
}

/** `kind` is a tool_use kind (a ClineSayTool `tool`, "command", "mcp" or "launch"). */
export function summarizeTool(kind: string, input: Record<string, unknown>): ToolSummary {
	const verb = verbs[kind] ?? kind
	const where = str(input.path) ?? ""
	switch (kind) {
		case "executeCommand":
		case "command": {
			const cwd = str(input.cwd)
			const target = `${str(input.command) ?? ""}${cwd ? ` (in ${cwd})` : ""}`
			const note = commandNote(input)
			return { verb, target, ...(note !== undefined && { note }) }
		}
		case "searchFiles":
			return {
				verb,
				target: `${where} for /${str(input.regex) ?? ""}/${str(input.filePattern) ? ` in ${str(input.filePattern)}` : ""}`,
			}
		case "newFileCreated": {
			const diff = str(input.diff)
			if (diff !== undefined) return { verb: "Overwrite", target: where, body: diff }
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
	return `${lines.slice(0, max).join("\n")}\n… ${lines.length - max} more lines`
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
		target: `(${todoProgress(todos)})`,
		body: todos.map((todo) => `  ${todoMarks[todo.status]} ${todo.content}`).join("\n"),
	}
}

function commandNote(input: Record<string, unknown>): string | undefined {
	const deniedBy = str(input.deniedBy)
	if (deniedBy !== undefined) return `matches the denied command "${deniedBy}"`
	const failure = str(input.sandboxFailure)
	if (failure !== undefined) return `failed in the sandbox (${failure}); approving runs it outside`
	const reason = str(input.reason)
	return reason === undefined ? undefined : `not auto-approved: ${reason}`
}
