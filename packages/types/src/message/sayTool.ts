import { z } from "zod"
import { todoItemSchema } from "../todos/todoItem.js"

/**
 * The JSON in `text` of a `tool` ask (approval) or `tool` say (auto-approved, shown after the
 * fact). One variant per kind of tool row, discriminated by `tool`, so a client renders each
 * row from typed fields instead of guessing.
 */
const where = {
	path: z.string(),
	/** The path resolves outside the workspace: approving it is a bigger decision. */
	isOutsideWorkspace: z.boolean().optional(),
	/** The path is a protected configuration file (.cairn/, .vscode/, AGENTS.md, ...). */
	isProtected: z.boolean().optional(),
	/** The path really lies in this credential store ("~/.ssh"): a person decides, whatever auto-approval or -y say. */
	credentialStore: z.string().optional(),
}

export const clineSayToolSchema = z.discriminatedUnion("tool", [
	z.object({
		tool: z.literal("readFile"),
		...where,
		/** The line range read, e.g. "lines 10-80", when not the whole file. */
		reason: z.string().optional(),
		content: z.string().optional(),
	}),
	z.object({ tool: z.literal("listFilesTopLevel"), ...where, content: z.string().optional() }),
	z.object({ tool: z.literal("listFilesRecursive"), ...where, content: z.string().optional() }),
	z.object({
		tool: z.literal("searchFiles"),
		...where,
		regex: z.string(),
		filePattern: z.string().optional(),
		content: z.string().optional(),
	}),
	z.object({ tool: z.literal("listCodeDefinitionNames"), ...where, content: z.string().optional() }),
	/** `content` is the whole new file; `diff` (unified) is offered when the file existed. */
	z.object({
		tool: z.literal("newFileCreated"),
		...where,
		content: z.string(),
		diff: z.string().optional(),
	}),
	z.object({ tool: z.literal("editedExistingFile"), ...where, diff: z.string() }),
	z.object({ tool: z.literal("appliedDiff"), ...where, diff: z.string() }),
	z.object({ tool: z.literal("insertContent"), ...where, diff: z.string(), lineNumber: z.number().int() }),
	z.object({
		tool: z.literal("searchAndReplace"),
		...where,
		diff: z.string(),
		search: z.string().optional(),
		replace: z.string().optional(),
		useRegex: z.boolean().optional(),
		ignoreCase: z.boolean().optional(),
	}),
	/** A command that ran without asking (auto-approved); asked-for commands use the `command` ask. */
	z.object({ tool: z.literal("executeCommand"), command: z.string(), cwd: z.string().optional() }),
	z.object({ tool: z.literal("switchMode"), mode: z.string(), reason: z.string().optional() }),
	z.object({ tool: z.literal("newTask"), mode: z.string(), content: z.string() }),
	z.object({ tool: z.literal("finishTask"), content: z.string().optional() }),
	z.object({ tool: z.literal("fetchInstructions"), content: z.string() }),
	/** use_skill: the skill loaded, where its folder is, and what the model was given. */
	z.object({ tool: z.literal("useSkill"), name: z.string(), folder: z.string(), content: z.string() }),
	z.object({ tool: z.literal("codebaseSearch"), query: z.string(), path: z.string().optional() }),
	/** The task's whole todo list after an update_todo_list call; a `user_edit_todos` row carries the same JSON. */
	z.object({ tool: z.literal("updateTodoList"), todos: z.array(todoItemSchema) }),
	z.object({ tool: z.literal("selectActiveIntent"), intentId: z.string(), content: z.string().optional() }),
	/**
	 * Governance (seed 004): a tool wants to change something outside the active intent's owned
	 * scope, or something it cannot name (a command). Approve lets that one call go on.
	 */
	z.object({
		tool: z.literal("scopeViolation"),
		intentId: z.string(),
		intentName: z.string().optional(),
		toolName: z.string(),
		/** The first path outside the scope; absent for a tool with no declared path. */
		path: z.string().optional(),
		command: z.string().optional(),
		reason: z.string(),
	}),
])
export type ClineSayTool = z.infer<typeof clineSayToolSchema>
export type ClineSayToolKind = ClineSayTool["tool"]
