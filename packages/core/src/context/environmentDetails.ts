import { readdir } from "node:fs/promises"
import type { Host } from "../host/Host.js"
import type { ApiMessage } from "../providers/apiMessage.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { changedFilesSection } from "./fileContext/changedFilesSection.js"
import type { FileChangeSource } from "./fileContext/fileContextTracker.js"
import {
	environmentBlock,
	eventSection,
	sectionsSeen,
	stateSection,
	timeSection,
} from "./environmentSections.js"

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
 * What the model should know about the editor at each turn: time (see timeSection), mode, open
 * files, problems, the files it has in context that changed since it saw them, (on the first
 * turn) the workspace's top level, and the task's todo list last, where it reads as the turn's
 * reminder. Of the time, mode, open files, problems and todo list only what differs from what
 * `seen` (the messages the model is sent) already says is sent; undefined when nothing is new.
 * Appended to each user turn.
 */
export async function environmentDetails(options: {
	host: Host
	ignore: CairnIgnore
	mode: string
	includeListing: boolean
	seen: readonly ApiMessage[]
	/** The files the model has in context; their changes are taken (reported once) here. */
	fileContext?: FileChangeSource
	/** The section on the task's todo list; absent while it has none. */
	todoList?: string | undefined
	/** One line per background command still running; absent while the task never started one. */
	backgroundCommands?: readonly string[] | undefined
}): Promise<string | undefined> {
	const { host, ignore } = options
	const sections = [
		timeSection(new Date()),
		stateSection("Mode", [options.mode]),
		stateSection(
			"Open files",
			(await host.openFiles()).filter((p) => ignore.isAllowed(p)),
		),
	]
	const problems = (await host.diagnostics()).filter(
		(d) => d.severity === "error" || d.severity === "warning",
	)
	sections.push(
		stateSection(
			"Problems",
			problems
				.slice(0, maxDiagnostics)
				.map(
					(d) =>
						`${d.path}:${d.line} ${d.severity}: ${d.message}${d.source ? ` (${d.source})` : ""}`,
				),
		),
	)
	const changed = changedFilesSection((await options.fileContext?.takeChanges(ignore)) ?? [])
	if (changed !== undefined) sections.push(eventSection(changed))
	if (options.includeListing) {
		sections.push(
			eventSection(
				`# Workspace files (${host.workspaceRoot}, top level)\n${await topLevelListing(host.workspaceRoot, ignore)}`,
			),
		)
	}
	if (options.backgroundCommands !== undefined)
		sections.push(stateSection("Background commands", options.backgroundCommands))
	sections.push(
		options.todoList === undefined
			? stateSection("Todo list", [])
			: { text: options.todoList, state: true },
	)
	return environmentBlock(sections, sectionsSeen(options.seen))
}

/** `text` without the environment details a turn carried: for summaries of what was said. */
export function withoutEnvironmentDetails(text: string): string {
	return text.replace(/<environment_details>[\s\S]*?<\/environment_details>/g, "").trim()
}
