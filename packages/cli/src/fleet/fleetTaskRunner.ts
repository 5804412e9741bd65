import path from "node:path"
import {
	baseCommitOf,
	commitTaskWork,
	prefixInRepository,
	type FleetCheck,
	type FleetChecks,
	type FleetTask,
	type FleetTaskRunner,
	type TaskRunOutcome,
} from "@cairn/core"
import { runAgentChild } from "./agentChild.js"

export interface FleetTaskRunnerOptions {
	/** The task file's folder: tasks name their repositories relative to it. */
	taskFileFolder: string
	/** This program, run again for each task. */
	cairnScript: string
	/** The flags of `cairn run` that every task's run takes too (provider, model, key...). */
	passOn: readonly string[]
	env: NodeJS.ProcessEnv
	/** Where the checks run: in the command sandbox (see fleetChecks). */
	checks: FleetChecks
}

/**
 * Runs a task as the board runs one: a child `cairn` in a new worktree of the task's repository
 * (branch `cairn/<id>`, or `cairn/<id>-2`... when an earlier attempt's is still there: work is
 * never removed), from its base resolved once to a commit, with every approval given (nobody is
 * there to answer). Then its checks run in the worktree (only when the agent completed) and
 * whatever it left is committed on its branch, so the branch and the record tell the whole result.
 */
export function fleetTaskRunner(options: FleetTaskRunnerOptions): FleetTaskRunner {
	return async (task, _attempt, signal): Promise<TaskRunOutcome> => {
		const repository = path.resolve(options.taskFileFolder, task.repository)
		const baseCommit = await baseCommitOf(repository, task.base)
		const run = await runAgentChild(
			options.cairnScript,
			agentArgs(task, repository, baseCommit, options.passOn),
			options.env,
			signal,
		)
		// Stopped (the run was interrupted, or another worker took the task over): nothing more to do or record.
		if (signal.aborted) return { state: "failed", checks: [], error: "stopped" }
		const worktree = run.card?.worktree
		const agent = {
			...(run.result && { cost: run.result.cost, reason: run.result.reason }),
			...(run.exitCode !== null && { exitCode: run.exitCode }),
		}
		if (worktree === undefined)
			return {
				state: "failed",
				checks: [],
				...agent,
				error:
					run.result?.result ??
					(run.stderrTail || `cairn ended by ${run.signal ?? "an unknown cause"}`),
			}
		const completed = run.exitCode === 0 && run.result?.success === true
		const checks: FleetCheck[] = []
		if (completed && task.checks.length > 0) {
			const folder = path.join(worktree.path, await prefixInRepository(repository))
			const ref = { repository, path: folder, branch: worktree.branch, baseCommit, title: task.id }
			checks.push(...(await options.checks.run(ref, task.checks, signal)))
		}
		const work = await commitTaskWork({
			repository,
			path: worktree.path,
			branch: worktree.branch,
			baseCommit,
			title: `${task.id}: ${task.prompt.split("\n")[0]?.slice(0, 72) ?? ""}`,
		})
		const passed = completed && checks.every((check) => check.state === "passed")
		const failedCheck = checks.find((check) => check.state === "failed")
		return {
			state: passed ? "passed" : "failed",
			branch: worktree.branch,
			worktree: worktree.path,
			...work,
			...agent,
			checks,
			...(!completed && {
				error:
					run.result?.result ??
					(run.stderrTail || `cairn exited with ${run.exitCode ?? run.signal}`),
			}),
			...(completed &&
				failedCheck && {
					error: `check failed: ${failedCheck.command}${failedCheck.error === undefined ? "" : ` (${failedCheck.error})`}`,
				}),
		}
	}
}

/** The child's command line: the task's own settings over those `cairn run` passes on. */
function agentArgs(
	task: FleetTask,
	repository: string,
	baseCommit: string,
	passOn: readonly string[],
): string[] {
	return [
		...passOn,
		"-w",
		repository,
		`--worktree=${task.id}`,
		`--base=${baseCommit}`,
		"-y",
		"--output-format=stream-json",
		...(task.mode !== undefined ? [`--mode=${task.mode}`] : []),
		...(task.profile !== undefined ? [`--profile=${task.profile}`] : []),
		...(task.budget?.maxCost !== undefined ? [`--max-cost=${task.budget.maxCost}`] : []),
		...(task.budget?.maxTokens !== undefined ? [`--max-tokens=${task.budget.maxTokens}`] : []),
		// `=` keeps a prompt that starts with "-" a prompt.
		`--prompt=${task.prompt}`,
	]
}
