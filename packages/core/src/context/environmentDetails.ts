import { readdir } from "node:fs/promises"
import type { Host } from "../host/Host.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { changedFilesSection } from "./fileContext/changedFilesSection.js"
import type { FileChangeSource } from "./fileContext/fileContextTracker.js"

const maxListedEntries = 200
const maxDiagnostics = 50

async function topLevelListing(root: string, ignore: CairnIgnore): Promise<string> {
	try {
		const entries = await readdir(root, { withFileTypes: true })
		const names = entries
			.filter(
				(e) =>
					e.name !== ".git" &&
					(e.isDirectory() ? ignore.isFolderAllowed(e.name) : ignore.isAllowed(e.name)),
			)
			.map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
			.sort()
		const shown = names.slice(0, maxListedEntries)
		const more = names.length - shown.length
		return shown.join("\n") + (more > 0 ? `\n(${more} more entries not shown; use list_files)` : "")
	} catch (error) {
		return `(the workspace could not be listed: ${error instanceof Error ? error.message : String(error)})`
	}
}

/**
 * What the model should know about the editor at each turn: time, mode, open files, problems,
 * the files it has in context that changed since it saw them, (on the first turn) the
 * workspace's top level, and the task's todo list last, where it reads as the turn's reminder.
 * Appended to each user turn.
 */
export async function environmentDetails(options: {
	host: Host
	ignore: CairnIgnore
	mode: string
	includeListing: boolean
	/** The files the model has in context; their changes are taken (reported once) here. */
	fileContext?: FileChangeSource
	/** The section on the task's todo list; absent while it has none. */
	todoList?: string | undefined
}): Promise<string> {
	const { host, ignore } = options
	const lines = [`# Current time\n${new Date().toISOString()}`, `# Mode\n${options.mode}`]
	const open = (await host.openFiles()).filter((p) => ignore.isAllowed(p))
	if (open.length > 0) lines.push(`# Open files\n${open.join("\n")}`)
	const problems = (await host.diagnostics()).filter(
		(d) => d.severity === "error" || d.severity === "warning",
	)
	if (problems.length > 0) {
		const shown = problems
			.slice(0, maxDiagnostics)
			.map((d) => `${d.path}:${d.line} ${d.severity}: ${d.message}${d.source ? ` (${d.source})` : ""}`)
		lines.push(`# Problems\n${shown.join("\n")}`)
	}
	const changed = changedFilesSection((await options.fileContext?.takeChanges(ignore)) ?? [])
	if (changed !== undefined) lines.push(changed)
	if (options.includeListing) {
		lines.push(
			`# Workspace files (${host.workspaceRoot}, top level)\n${await topLevelListing(host.workspaceRoot, ignore)}`,
		)
	}
	if (options.todoList !== undefined) lines.push(options.todoList)
	return `<environment_details>\n${lines.join("\n\n")}\n</environment_details>`
}

/** `text` without the environment details a turn carried: for summaries of what was said. */
export function withoutEnvironmentDetails(text: string): string {
	return text.replace(/<environment_details>[\s\S]*?<\/environment_details>/g, "").trim()
}
