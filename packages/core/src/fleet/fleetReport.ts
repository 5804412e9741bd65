import { gitRefSchema, type FleetReport, type FleetReportRow } from "@cairn/types"
import { isObjectId } from "../git/gitOutput.js"
import { summarise } from "./fleetSummary.js"
import { readRecords, type FleetRecord } from "./taskRecord.js"

/** A check's output tail and a task's error in the report: enough to read, not a record's worth. */
const shownChars = 2_000
const tailOf = (text: string) => (text.length > shownChars ? `…${text.slice(-shownChars)}` : text)
const headOf = (text: string) => (text.length > shownChars ? `${text.slice(0, shownChars)}…` : text)

/** A commit as `git rev-parse` writes it (SHA-1 or SHA-256). */

/**
 * The task's branch and commit, when both are plain git names: a record comes from the results
 * folder, so neither reaches git otherwise (an option, a range).
 */
export function taskWork(record: FleetRecord): { branch: string; commit: string } | undefined {
	const { branch, commit } = record
	if (branch === undefined || commit === undefined) return undefined
	if (!gitRefSchema.safeParse(branch).success || !isObjectId(commit)) return undefined
	return { branch, commit }
}

function row(record: FleetRecord): FleetReportRow {
	return {
		id: record.id,
		state: record.state,
		attempt: record.attempt,
		...(record.branch !== undefined && { branch: headOf(record.branch) }),
		...(record.commit !== undefined && { commit: headOf(record.commit) }),
		...(record.changes !== undefined && { changes: record.changes }),
		...(record.cost !== undefined && { cost: record.cost }),
		...(record.durationMs !== undefined && { durationMs: record.durationMs }),
		checksPassed: record.checks.filter((check) => check.state === "passed").length,
		checksFailed: record.checks.filter((check) => check.state === "failed").length,
		checks: record.checks.map((check) => ({
			command: headOf(check.command),
			state: check.state,
			durationMs: check.durationMs,
			tail: tailOf(check.tail),
		})),
		...(record.reason !== undefined && { reason: headOf(record.reason) }),
		...(record.error !== undefined && { error: headOf(record.error) }),
		hasDiff: taskWork(record) !== undefined,
	}
}

/**
 * A results folder's report for the board: the summary `cairn results` prints (one rule, in
 * fleetSummary), a row per record, and the files that are not records. Throws only when the
 * folder itself cannot be listed.
 */
export async function fleetReport(folder: string): Promise<FleetReport> {
	const { records, unreadable, notRead } = await readRecords(folder)
	return {
		folder,
		summary: summarise(records),
		rows: records.map(row),
		unreadable: unreadable.map((bad) => ({ file: bad.file, error: headOf(bad.error) })),
		notRead,
	}
}
