import { customModeSchema, type CustomMode, type ToolGroupName } from "@cairn/types"
import YAML from "yaml"

/**
 * Claude Code's tool names (and Cairn's group names, for `.cairn/agents`) by the group of
 * Cairn's tools that does the same work. A name not here (a tool Cairn has no match for) adds
 * nothing: a subagent gets no more than it asked for.
 */
const groupOfTool: Readonly<Record<string, ToolGroupName>> = {
	read: "read",
	Read: "read",
	Grep: "read",
	Glob: "read",
	LS: "read",
	NotebookRead: "read",
	edit: "edit",
	Edit: "edit",
	MultiEdit: "edit",
	Write: "edit",
	NotebookEdit: "edit",
	command: "command",
	Bash: "command",
	BashOutput: "command",
	KillShell: "command",
	KillBash: "command",
	browser: "browser",
	WebFetch: "browser",
	WebSearch: "browser",
	modes: "modes",
	Task: "modes",
	mcp: "mcp",
}
const allGroups: readonly ToolGroupName[] = ["read", "edit", "command", "mcp", "browser", "modes"]

/**
 * Reads a subagent file (`.claude/agents/<name>.md`, `.cairn/agents/<name>.md`): YAML front
 * matter with `name`, `description`, optionally `tools` (a comma-separated list or a YAML list;
 * absent: every tool) and `model`, then the subagent's system prompt. It becomes a mode: the name
 * is its slug, the description says when to use it, the body is its role. `model` is not used:
 * the profile the person chose for the mode applies. `problem` completes "<file> …".
 */
export function parseSubagentFile(text: string): CustomMode | { problem: string } {
	const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
	const end = lines[0]?.trim() === "---" ? lines.findIndex((line, i) => i > 0 && line.trim() === "---") : -1
	if (end === -1) return { problem: "has no front matter (a `---` block with name and description)" }
	let fields: unknown
	try {
		const document = YAML.parseDocument(lines.slice(1, end).join("\n"), { uniqueKeys: true })
		if (document.errors.length > 0)
			return {
				problem: `has front matter that is not YAML (${document.errors[0]?.message.split("\n")[0]})`,
			}
		// Aliases are capped: a few lines must not expand into gigabytes.
		fields = document.toJS({ maxAliasCount: 20 })
	} catch (error) {
		return { problem: `has front matter that cannot be used (${(error as Error).message})` }
	}
	if (fields === null || typeof fields !== "object" || Array.isArray(fields))
		return { problem: "has front matter that is not a list of fields" }
	const { name, description, tools } = fields as Record<string, unknown>
	if (typeof name !== "string") return { problem: "has no name" }
	if (typeof description !== "string") return { problem: "has no description" }
	const toolList =
		tools === undefined || tools === null
			? undefined
			: Array.isArray(tools)
				? tools.map(String)
				: typeof tools === "string"
					? tools.split(",")
					: []
	const groups =
		toolList === undefined
			? allGroups
			: allGroups.filter((group) =>
					toolList.some((tool) => {
						const trimmed = tool.trim()
						return (trimmed.startsWith("mcp__") ? "mcp" : groupOfTool[trimmed]) === group
					}),
				)
	const body = lines
		.slice(end + 1)
		.join("\n")
		.trim()
	const parsed = customModeSchema.safeParse({
		slug: name,
		name,
		roleDefinition: body === "" ? `You are ${name}: ${description}` : body,
		whenToUse: description,
		groups: [...groups],
	})
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		const field = issue?.path[0] === "slug" ? "name" : String(issue?.path[0] ?? "")
		return { problem: `has a ${field} that cannot be used (${issue?.message ?? "invalid"})` }
	}
	return parsed.data
}
