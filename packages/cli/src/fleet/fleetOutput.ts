import { jsonLine, type FleetEvent, type FleetRecord, type FleetTally } from "@cairn/core"
import type { OutputFormat } from "../cli/commandLine.js"
import { t } from "../i18n/cliI18n.js"
import { formatCost, formatDuration } from "../output/format.js"

export interface FleetOutputStreams {
	stdout: (text: string) => void
	stderr: (text: string) => void
	/** stderr is a terminal: the progress line is drawn there, redrawn in place. */
	progressLine: boolean
}

/**
 * What `cairn run` prints: stream-json, every event as a line; json, one object at the end (the
 * tally and the records this run wrote); text, a line per task that ends or is skipped and, in a
 * terminal, a progress line kept under them.
 */
export class FleetOutput {
	private total = 0
	private running = 0
	private readonly tally: FleetTally = { passed: 0, failed: 0, skipped: 0, held: 0, lost: 0 }
	private readonly records: FleetRecord[] = []
	private shard = ""

	constructor(
		private readonly format: OutputFormat,
		private readonly streams: FleetOutputStreams,
		private readonly results: string,
	) {}

	event(event: FleetEvent): void {
		this.count(event)
		if (this.format === "stream-json") return this.streams.stdout(jsonLine(event))
		if (this.format === "json") return
		const line = this.line(event)
		if (line !== undefined) {
			this.clearProgress()
			this.streams.stdout(`${line}\n`)
		}
		this.drawProgress()
	}

	/** The run ended (all its tasks, or stopped): json's one object, text's last line. */
	finish(stopped: boolean): void {
		if (this.format === "json")
			this.streams.stdout(
				jsonLine({
					results: this.results,
					shard: this.shard,
					stopped,
					...this.tally,
					records: this.records,
				}),
			)
		if (this.format !== "text") return
		this.clearProgress()
		this.streams.stdout(
			`${t(stopped ? "fleet.stopped" : "fleet.summary", { ...this.tally, results: this.results })}\n`,
		)
	}

	private count(event: FleetEvent): void {
		if (event.subtype === "start") {
			this.total = event.tasks
			this.shard = event.shard
		} else if (event.subtype === "task_started") this.running++
		else if (event.subtype === "task_ended") {
			this.running--
			this.tally[event.record.state === "passed" ? "passed" : "failed"]++
			this.records.push(event.record)
		} else if (event.subtype === "task_lost") {
			this.running--
			this.tally.lost++
		} else if (event.subtype === "task_skipped") this.tally[event.why === "passed" ? "skipped" : "held"]++
	}

	private line(event: FleetEvent): string | undefined {
		switch (event.subtype) {
			case "start":
				return t("fleet.starting", {
					tasks: event.tasks,
					inFile: event.inFile,
					shard: event.shard,
					concurrency: event.concurrency,
				})
			case "task_ended": {
				const { record } = event
				const facts = [
					formatDuration(record.durationMs ?? 0),
					...(record.cost !== undefined ? [formatCost(record.cost)] : []),
					...(record.branch !== undefined ? [record.branch] : []),
				].join("  ")
				const state = t(record.state === "passed" ? "fleet.passed" : "fleet.failed")
				return `${state}  ${record.id}  ${facts}${record.error ? `\n    ${record.error}` : ""}`
			}
			case "task_skipped":
				return event.why === "passed"
					? t("fleet.skippedPassed", { id: event.id })
					: t("fleet.skippedHeld", { id: event.id, by: event.by ?? "" })
			case "task_lost":
				return t("fleet.lost", { id: event.id })
			default:
				return undefined
		}
	}

	private drawProgress(): void {
		if (!this.streams.progressLine || this.total === 0) return
		const done =
			this.tally.passed + this.tally.failed + this.tally.skipped + this.tally.held + this.tally.lost
		const width = 24
		const filled = Math.round((done / this.total) * width)
		const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`
		this.streams.stderr(
			`\r\u001b[K${bar} ${done}/${this.total}  ${t("fleet.progress", { passed: this.tally.passed + this.tally.skipped, failed: this.tally.failed, running: this.running })}`,
		)
	}

	private clearProgress(): void {
		if (this.streams.progressLine) this.streams.stderr("\r\u001b[K")
	}
}
