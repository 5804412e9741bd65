import { fleetTaskIdSchema, gitRefSchema, modeSlugSchema } from "@cairn/types"
import { LineCounter, parseDocument, isMap, isSeq, type Node } from "yaml"
import { z } from "zod"

/** A check stopped after this long unless it says otherwise: a hung test run must not hold a worker. */
export const defaultCheckTimeoutSec = 600
/** The longest a check may ask for: a day. */
export const longestCheckTimeoutSec = 86_400

const checkTimeoutMessage = `a check's timeout is a whole number of seconds from 1 to ${longestCheckTimeoutSec}`

/**
 * A check: a command, or `{ command, timeout }` with its own time limit in seconds. Past it the
 * check's whole process group is killed and the check fails.
 */
export const fleetCheckCommandSchema = z.preprocess(
	(value) => (typeof value === "string" ? { command: value } : value),
	z.strictObject(
		{
			command: z.string().trim().min(1, "a check's command is empty"),
			timeout: z
				.number({ error: checkTimeoutMessage })
				.int(checkTimeoutMessage)
				.min(1, checkTimeoutMessage)
				.max(longestCheckTimeoutSec, checkTimeoutMessage)
				.default(defaultCheckTimeoutSec),
		},
		{
			error: (issue) =>
				issue.code === "invalid_type"
					? "a check is a command, or { command, timeout } with the timeout in seconds"
					: undefined,
		},
	),
)
export type FleetCheckCommand = z.output<typeof fleetCheckCommandSchema>

/** One task of a task file, as written. */
export const fleetTaskSchema = z.strictObject({
	id: fleetTaskIdSchema,
	prompt: z.string().trim().min(1, "the prompt is empty"),
	/** The repository (or a folder in it) the task works on; relative to the task file's folder. */
	repository: z.string().min(1),
	/** The branch or commit its worktree starts from; the repository's HEAD when absent. */
	base: gitRefSchema.optional(),
	mode: modeSlugSchema.optional(),
	/** A provider profile of the person's settings. */
	profile: z.string().min(1).optional(),
	budget: z
		.strictObject({
			maxCost: z.number().positive().optional(),
			maxTokens: z.number().int().positive().optional(),
		})
		.optional(),
	/** Commands run in the worktree after the agent: the task passed when every one exits 0 in its time. */
	checks: z.array(fleetCheckCommandSchema).default([]),
})
export type FleetTask = z.output<typeof fleetTaskSchema>

/** A task as read: where it stands in the file, for messages that point at it. */
export interface ReadTask {
	task: FleetTask
	line: number
}

export interface TaskFileProblem {
	line: number
	message: string
}

/** A task file that cannot be run: every problem found, each on its line. Nothing of it runs. */
export class TaskFileError extends Error {
	constructor(
		readonly file: string,
		readonly problems: readonly TaskFileProblem[],
	) {
		super(problems.map((problem) => `${file}:${problem.line}: ${problem.message}`).join("\n"))
		this.name = "TaskFileError"
	}
}

/**
 * Reads a task file's text: JSON Lines (one task object a line; blank lines and lines starting
 * with `#` skipped) when `file` ends in `.jsonl`, else YAML (a list of tasks, or `tasks:` holding
 * one). Throws TaskFileError naming each bad line; ids must be unique.
 */
export function parseTaskFile(file: string, text: string): ReadTask[] {
	const problems: TaskFileProblem[] = []
	const entries = file.endsWith(".jsonl") ? jsonLines(text, problems) : yamlEntries(text, problems)
	const tasks: ReadTask[] = []
	const seen = new Map<string, number>()
	for (const entry of entries) {
		const parsed = fleetTaskSchema.safeParse(entry.value)
		if (!parsed.success) {
			for (const issue of parsed.error.issues) {
				const where = issue.path.length === 0 ? "" : `${issue.path.join(".")}: `
				problems.push({ line: entry.line, message: `${where}${issue.message}` })
			}
			continue
		}
		const earlier = seen.get(parsed.data.id)
		if (earlier !== undefined) {
			problems.push({
				line: entry.line,
				message: `id "${parsed.data.id}" is already used on line ${earlier}`,
			})
			continue
		}
		seen.set(parsed.data.id, entry.line)
		tasks.push({ task: parsed.data, line: entry.line })
	}
	if (problems.length > 0)
		throw new TaskFileError(
			file,
			problems.sort((a, b) => a.line - b.line),
		)
	if (tasks.length === 0) throw new TaskFileError(file, [{ line: 1, message: "the file holds no task" }])
	return tasks
}

interface Entry {
	value: unknown
	line: number
}

function jsonLines(text: string, problems: TaskFileProblem[]): Entry[] {
	const entries: Entry[] = []
	text.split("\n").forEach((raw, index) => {
		const line = raw.trim()
		if (line === "" || line.startsWith("#")) return
		try {
			entries.push({ value: JSON.parse(line), line: index + 1 })
		} catch (error) {
			problems.push({ line: index + 1, message: `not JSON: ${(error as Error).message}` })
		}
	})
	return entries
}

function yamlEntries(text: string, problems: TaskFileProblem[]): Entry[] {
	const lines = new LineCounter()
	const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true })
	const lineOf = (offset: number | undefined) => lines.linePos(offset ?? 0).line
	for (const error of document.errors) problems.push({ line: lineOf(error.pos[0]), message: error.message })
	if (document.errors.length > 0) return []
	let list: Node | null | undefined = document.contents
	if (isMap(list)) list = list.get("tasks", true) as Node | undefined
	if (!isSeq(list)) {
		problems.push({
			line: lineOf(document.contents?.range?.[0]),
			message: "expected a list of tasks (or `tasks:` holding one)",
		})
		return []
	}
	return list.items.map((item) => ({
		value: (item as Node).toJSON(),
		line: lineOf((item as Node).range?.[0]),
	}))
}
