import path from "node:path"
import { readRepositoryFile, workspaceScope } from "../workspace/repositoryFile.js"
import { recentTraceRecords, type TraceRecord } from "./agentTrace.js"
import type { Intent } from "./intentsFile.js"
import { orchestrationFiles } from "./orchestrationFiles.js"

/** Kept small: the block is repeated in the history and must survive context condensing. */
const maxGuidanceChars = 6_000
const relatedTraceCount = 10

const list = (items: readonly string[]) =>
	items.length === 0 ? "(none)" : items.map((i) => `- ${i}`).join("\n")

function traceLine(record: TraceRecord): string {
	const what = record.command ?? record.paths.map((p) => p.path).join(", ")
	const exit =
		record.exit_code !== undefined && record.exit_code !== null ? `, exit ${record.exit_code}` : ""
	return `${record.time} ${record.tool} ${what} (${record.outcome}${exit})`
}

/** The repository's guidance, through the repository file reader: a link out or a FIFO is said, not read. */
async function readGuidance(workspaceRoot: string): Promise<string | undefined> {
	const read = await readRepositoryFile(path.join(workspaceRoot, orchestrationFiles.guidance), {
		...workspaceScope(workspaceRoot),
		// UTF-8 takes at most 4 bytes a character: enough bytes for the characters shown.
		maxBytes: maxGuidanceChars * 4,
	})
	if (read.kind === "absent") return undefined
	if (read.kind === "skipped") return `[${read.reason}]`
	const text = read.text.trim()
	if (text === "") return undefined
	return text.length > maxGuidanceChars || read.truncated
		? `${text.slice(0, maxGuidanceChars)}\n[… shortened]`
		: text
}

/**
 * The `<intent_context>` the model gets on selecting an intent: what to build, where it may
 * change files, the rules and the checks, the shared guidance of AGENT.md and what was already
 * done under this intent (from the trace).
 */
export async function buildIntentContext(workspaceRoot: string, intent: Intent): Promise<string> {
	const guidance = await readGuidance(workspaceRoot)
	const traces = await recentTraceRecords(
		path.join(workspaceRoot, orchestrationFiles.trace),
		intent.id,
		relatedTraceCount,
	)
	const specification = [intent.name, intent.description].filter(Boolean).join("\n\n")
	const parts = [
		`<intent_context id="${intent.id}" status="${intent.status}">`,
		`<specification>\n${specification}\n</specification>`,
		`<owned_scope>\n${list(intent.owned_scope)}\n</owned_scope>`,
		`<constraints>\n${list(intent.constraints)}\n</constraints>`,
		`<acceptance_criteria>\n${list(intent.acceptance_criteria)}\n</acceptance_criteria>`,
	]
	if (guidance !== undefined)
		parts.push(
			`<shared_guidance source="${orchestrationFiles.guidance}">\n${guidance}\n</shared_guidance>`,
		)
	parts.push(`<related_traces>\n${list(traces.map(traceLine))}\n</related_traces>`, "</intent_context>")
	return parts.join("\n")
}
