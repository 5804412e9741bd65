import path from "node:path"
import * as core from "@actions/core"
import { ActionRepository } from "./actionRepository.js"
import { cairnEnvironment, providerArgs, runCairn } from "./cairnProcess.js"
import { shardRecords } from "./fleetRecords.js"
import type { ActionInputs } from "./inputs.js"
import { JobSummary } from "./jobSummary.js"
import { PullRequests } from "./pullRequests.js"
import { dollars } from "./resultText.js"
import type { ActionEnvironment } from "./runContext.js"
import type { Job } from "./trigger.js"

type TasksJob = Extract<Job, { kind: "tasks" }>

/**
 * One matrix job's share of a task file: `cairn run <file> --shard i/n --results <dir>` (each task
 * in its worktree, its work one commit on its branch, a record each), then every task of the share
 * that passed is pushed to its branch and gets a pull request with its cost.
 */
export async function runTasksJob(
	job: TasksJob,
	inputs: ActionInputs,
	context: ActionEnvironment,
	cairnHome: string,
): Promise<void> {
	const results = path.resolve(context.workspace, job.results)
	const exit = await runCairn({
		program: inputs.cairn,
		args: [
			...providerArgs(inputs),
			"--output-format",
			"stream-json",
			"run",
			path.resolve(context.workspace, job.file),
			"--shard",
			job.shard,
			"--results",
			results,
		],
		cwd: context.workspace,
		env: cairnEnvironment(inputs, cairnHome, process.env),
		secrets: [inputs["github-token"], inputs["api-key"]],
		onEvent: logFleetEvent,
	})
	const records = await shardRecords(results, job.shard)
	const base = inputs["base-branch"] ?? context.payload.repository?.default_branch
	const repository = await ActionRepository.open(context.workspace, inputs["github-token"])
	const github = new PullRequests(context.repository, inputs["github-token"], context.apiUrl)
	let cost = 0
	const pullRequests = new Map<string, string>()
	for (const record of records) {
		cost += record.cost ?? 0
		if (record.state !== "passed" || record.branch === undefined || record.commit === undefined) continue
		if (base === undefined)
			throw new Error("base-branch is required: the event does not name the default branch")
		await repository.push(record.commit, record.branch)
		const pull = await github.openOrUpdate({
			head: record.branch,
			base,
			title: `Cairn: task ${record.id}`,
			body: `Task \`${record.id}\` of \`${job.file}\`, shard ${job.shard}.\n\nCost: ${dollars(record.cost ?? 0)} · [the run](${context.runUrl})`,
		})
		pullRequests.set(record.id, pull.url)
		await github.comment(
			pull.number,
			`**Cairn finished task \`${record.id}\`.** Cost: ${dollars(record.cost ?? 0)}`,
		)
	}
	await new JobSummary([inputs["github-token"], inputs["api-key"]]).writeShard({
		file: job.file,
		shard: job.shard,
		records,
		pullRequests,
		runUrl: context.runUrl,
	})
	const failed = records.filter((record) => record.state !== "passed")
	core.setOutput("passed", String(records.length - failed.length))
	core.setOutput("failed", String(failed.length))
	core.setOutput("cost", String(cost))
	if (exit.exitCode !== 0 || failed.length > 0)
		throw new Error(
			`shard ${job.shard}: ${failed.length} of ${records.length} tasks did not pass (${failed.map((r) => r.id).join(", ")}); cairn run exited ${exit.exitCode}`,
		)
}

/** The run's log: a line per task started, ended, skipped or lost (`cairn run`'s `fleet` events). */
function logFleetEvent(event: Record<string, unknown>): void {
	if (event.type !== "fleet") return
	const id = String(event.id ?? "")
	const record = (event.record ?? {}) as { state?: string; cost?: number }
	switch (event.subtype) {
		case "task_started":
			return core.info(`▶ ${id} (attempt ${String(event.attempt)})`)
		case "task_ended":
			return core.info(
				`${record.state === "passed" ? "✓" : "✗"} ${id}: ${record.state} · ${dollars(record.cost ?? 0)}`,
			)
		case "task_skipped":
			return core.info(`↷ ${id}: ${String(event.why)}`)
		case "task_lost":
			return core.warning(`${id}: ${String(event.why)}`)
		default:
			return core.info(JSON.stringify(event))
	}
}
