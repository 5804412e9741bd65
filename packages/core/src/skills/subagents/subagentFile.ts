import { customModeSchema, type CustomMode, type ToolGroupName } from "@cairn/types"
import { readYamlFrontMatter } from "../yamlFrontMatter.js"

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
	const read = readYamlFrontMatter(text, "a `---` block with name and description")
	if ("problem" in read) return read
	const { name, description, tools } = read.fields
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
	const body = read.body
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
