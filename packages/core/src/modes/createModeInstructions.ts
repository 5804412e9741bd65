import path from "node:path"
import { maxFileRegexLength } from "@cairn/types"
import { toolGroups } from "./toolGroups.js"
import { builtInModes, type Mode } from "./modes.js"

export interface ModeFiles {
	workspaceRoot: string
	/** The person's own modes file. */
	globalFile: string
	/** The modes there are now, so a new one gets a slug of its own. */
	existing: readonly Mode[]
}

/** What the model needs to write a valid custom mode for this workspace (fetch_instructions create_mode). */
export function createModeInstructions(files: ModeFiles): string {
	const projectFile = path.join(files.workspaceRoot, ".cairn", "modes.yaml")
	const groups = Object.entries(toolGroups)
		.map(
			([group, tools]) =>
				`- ${group}: ${tools.join(", ")}${group === "mcp" ? " and every connected MCP server's tools" : ""}`,
		)
		.join("\n")
	const builtIn = builtInModes.map((mode) => mode.slug).join(", ")
	return `# Creating a custom mode

A mode is a way of working: who you are in it (roleDefinition), when to choose it (whenToUse) and which groups of tools you may use (groups). Every mode may also ask follow-up questions and attempt completion. Approvals still apply in every mode: a mode chooses tools, it never lets a tool run without the person's approval.

## Where modes live

- This workspace's modes: .cairn/modes.yaml at the workspace root (${projectFile}). It belongs to the repository; this is where a new mode goes unless the person asks otherwise. It may not reuse a built-in slug (${builtIn}).
- The person's own modes, for every workspace: ${files.globalFile}. Write there only when the person asks for a mode of their own; they can also create one in Cairn's Modes view.
- A mode of the workspace file replaces the person's mode of the same slug; a mode of the person's file replaces the built-in mode of the same slug.

Edits apply from the next request; nothing needs a restart. A mode with a mistake is skipped and the person is shown the file and the field that is wrong, while the other modes still load.

The modes there are now: ${files.existing.map((mode) => `${mode.slug} (${mode.name})`).join(", ")}. A new mode needs a slug of its own; reusing one of these replaces that mode as described above.

## Steps

1. If it is unclear what the mode is for, which tools it needs, or which files it may edit, ask the person.
2. Read .cairn/modes.yaml if it exists and add the new mode to its customModes list, keeping the other modes as they are; otherwise create the file.
3. Tell the person the mode's name: they pick it from the mode picker in the chat box (or with --mode <slug> on the command line).

## Format

\`\`\`yaml
customModes:
  - slug: docs-writer
    name: Docs Writer
    roleDefinition: You are Cairn, a technical writer. You write clear, accurate documentation that matches the code.
    whenToUse: Writing or revising documentation, READMEs and guides.
    groups:
      - read
      - group: edit
        fileRegex: \\.(md|mdx)$
        description: Markdown files
      - command
    customInstructions: Keep sentences short. Check every example against the code before writing it.
\`\`\`

Fields (any other field is an error):
- slug (required): lowercase letters, digits and single dashes, at most 64 characters, unique in the file. It names the mode in settings, in --mode, and in its rules folder.
- name (required): shown in the mode picker.
- roleDefinition (required): opens the system prompt in this mode; say who the agent is and what it does and does not do.
- whenToUse (required): one line that tells the person and other modes when to choose this mode.
- groups (required, may be empty): each group at most once, by name, or as a mapping with group, fileRegex and description to let the edit group change only some files.
- customInstructions (optional): added to the system prompt in this mode only.

The groups and their tools:
${groups}

fileRegex:
- Only the edit group takes one. It is a JavaScript regular expression, tested against the workspace-relative path of each file an edit tool would change (for example docs/guide.md); an edit of any other file is refused with an error.
- At most ${maxFileRegexLength} characters; no backreferences, and no repeated group that itself repeats or alternates (like (a+)+ or (a|b)*), since those can take exponential time. A group that is not repeated, like \\.(md|mdx)$, is fine.
- Write it as a plain or single-quoted YAML scalar so backslashes stay as written; inside double quotes every backslash must be doubled.
- description says in words which files these are (for example Markdown files); without one it is "files matching <fileRegex>".

## Rules for one mode

Files in .cairn/rules-<slug>/ (for example .cairn/rules-docs-writer/style.md) are added to the system prompt only in that mode, after the workspace's general rules (AGENTS.md and .cairn/rules/). A built-in mode can be given rules this way too.
`
}
