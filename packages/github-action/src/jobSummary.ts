import * as core from "@actions/core"
import { summarise } from "@cairn/core/fleet-summary"
import type { CairnExit } from "./cairnProcess.js"
import type { TaskRecord } from "./fleetRecords.js"
import { dollars } from "./resultText.js"
import { blankSecrets } from "./secrets.js"

/**
 * The job's page summary (GITHUB_STEP_SUMMARY), written through core.summary. Its methods put text
 * into HTML as it is, and the page renders Markdown around HTML: so every text that is not the
 * action's own (a prompt, a task id, what the model said, a branch) goes through `inert`, which
 * leaves no character that HTML or Markdown would read as markup, and loses the job's secrets.
 */
export class JobSummary {
	constructor(private readonly secrets: readonly string[]) {}

	/** Text shown as text: letters, digits and spaces as they are, every other character as an entity. */
	inert(text: string, longest = 2_000): string {
		let clean = blankSecrets(text, this.secrets)
		if (clean.length > longest) clean = `${clean.slice(0, longest - 1)}…`
		return clean
			.replace(/[^A-Za-z0-9 \n]/g, (character) => `&#${character.codePointAt(0)};`)
			.replace(/\n/g, "<br>")
	}

	/** A link to a GitHub page: only an http(s) address is made a link. */
	link(text: string, url: string | undefined): string {
		if (url === undefined || !/^https?:\/\//.test(url)) return this.inert(text)
		return `<a href="${this.inert(url)}">${this.inert(text)}</a>`
	}

	/** A prompt's run: how it ended, where the work is, what it cost, and what Cairn said. */
	async writePrompt(job: {
		prompt: string
		exit: CairnExit
		branch: string
		changed: boolean
		pullRequestUrl?: string
		runUrl: string
	}): Promise<void> {
		const result = job.exit.result
		const state =
			result === undefined
				? "stopped without a result"
				: result.success
					? "finished"
					: `did not finish (${result.reason})`
		const said = result?.result.trim() || job.exit.stderrTail.split("\n").slice(-5).join("\n")
		await core.summary
			.addHeading(`Cairn ${this.inert(state)}`, 2)
			.addTable([
				[
					{ data: "Prompt", header: true },
					{ data: "State", header: true },
					{ data: "Branch", header: true },
					{ data: "Pull request", header: true },
					{ data: "Cost", header: true },
				],
				[
					this.inert(job.prompt, 300),
					this.inert(state),
					job.changed ? `<code>${this.inert(job.branch)}</code>` : "no changes",
					job.pullRequestUrl === undefined
						? "none"
						: this.link(job.pullRequestUrl, job.pullRequestUrl),
					result === undefined ? "unknown" : this.inert(dollars(result.cost)),
				],
			])
			.addRaw(`<blockquote>${said === "" ? "(nothing said)" : this.inert(said)}</blockquote>`, true)
			.addRaw(`<p>${this.link("The run", job.runUrl)}</p>`, true)
			.write()
	}

	/** A shard's run: its totals (the fleet's own summary) and a row per task, with its checks. */
	async writeShard(job: {
		file: string
		shard: string
		records: readonly TaskRecord[]
		pullRequests: ReadonlyMap<string, string>
		runUrl: string
	}): Promise<void> {
		const totals = summarise(job.records)
		const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
		const checksOf = (record: TaskRecord) =>
			record.checks.length === 0
				? "none"
				: record.checks
						.map(
							(check) =>
								`${check.state === "passed" ? "✓" : "✗"} ${this.inert(check.command, 200)}${check.error === undefined ? "" : ` (${this.inert(check.error)})`}`,
						)
						.join("<br>")
		await core.summary
			.addHeading(
				`Cairn: ${totals.passed} of ${totals.tasks} tasks passed (${this.inert(job.file, 200)}, shard ${this.inert(job.shard)})`,
				2,
			)
			.addTable([
				["Tasks", "Passed", "Failed", "Unfinished", "Cost", "Task time", "Wall time"].map((data) => ({
					data,
					header: true,
				})),
				[
					String(totals.tasks),
					String(totals.passed),
					String(totals.failed),
					String(totals.running),
					this.inert(dollars(totals.cost)),
					this.inert(seconds(totals.taskTimeMs)),
					this.inert(seconds(totals.wallTimeMs)),
				],
			])
			.addTable([
				["Task", "State", "Branch", "Pull request", "Cost", "Time", "Checks"].map((data) => ({
					data,
					header: true,
				})),
				...job.records.map((record) => [
					`<code>${this.inert(record.id)}</code>`,
					this.inert(record.state) +
						(record.error === undefined ? "" : `: ${this.inert(record.error, 300)}`),
					record.branch === undefined ? "" : `<code>${this.inert(record.branch)}</code>`,
					job.pullRequests.has(record.id) ? this.link("open", job.pullRequests.get(record.id)) : "",
					this.inert(dollars(record.cost ?? 0)),
					record.durationMs === undefined ? "" : this.inert(seconds(record.durationMs)),
					checksOf(record),
				]),
			])
			.addRaw(`<p>${this.link("The run", job.runUrl)}</p>`, true)
			.write()
	}
}
