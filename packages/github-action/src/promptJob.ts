import * as core from "@actions/core"
import { ActionRepository } from "./actionRepository.js"
import { cairnEnvironment, providerArgs, runCairn, type CairnExit } from "./cairnProcess.js"
import type { ActionInputs } from "./inputs.js"
import { JobSummary } from "./jobSummary.js"
import { PullRequests, type PullRequestRef } from "./pullRequests.js"
import { dollars, resultComment } from "./resultText.js"
import type { ActionEnvironment } from "./runContext.js"
import type { Job } from "./trigger.js"

type PromptJob = Extract<Job, { kind: "prompt" }>

/**
 * Runs Cairn on the prompt in the checked-out repository, commits what it changed to the job's
 * branch, pushes it, opens or updates the pull request (only when Cairn finished), and comments
 * the result and cost on the thread that asked (or on the pull request).
 */
export async function runPromptJob(
	job: PromptJob,
	inputs: ActionInputs,
	context: ActionEnvironment,
	cairnHome: string,
): Promise<void> {
	const github = new PullRequests(context.repository, inputs["github-token"], context.apiUrl)
	const { branch, asked } = await workTarget(job, github)
	const base = inputs["base-branch"] ?? asked?.base ?? context.payload.repository?.default_branch
	if (base === undefined)
		throw new Error("base-branch is required: the event does not name the default branch")

	const repository = await ActionRepository.open(context.workspace, inputs["github-token"])
	await repository.checkOut(branch)
	const exit = await runCairn({
		program: inputs.cairn,
		args: [
			...providerArgs(inputs),
			...(inputs.mode === undefined ? [] : ["--mode", inputs.mode]),
			...(inputs["max-cost"] === undefined ? [] : ["--max-cost", inputs["max-cost"]]),
			"--yes",
			"--output-format",
			"stream-json",
			"--workspace",
			context.workspace,
			"--prompt",
			job.prompt,
		],
		cwd: context.workspace,
		env: cairnEnvironment(inputs, cairnHome, process.env),
		secrets: [inputs["github-token"], inputs["api-key"]],
		onEvent: logEvent,
	})
	const finished = exit.result?.success === true
	const commit = await repository.commitAll(commitMessage(job.prompt, exit))
	if (commit !== undefined) await repository.push(commit, branch)
	const pullRequest =
		asked ??
		(finished && commit !== undefined
			? await github.openOrUpdate({
					head: branch,
					base,
					title: `Cairn: ${firstLine(job.prompt)}`,
					body: pullRequestBody(job, exit, context.runUrl),
				})
			: undefined)
	const thread = job.thread ?? pullRequest?.number
	const comment = resultComment(
		exit,
		{ pullRequestUrl: pullRequest?.url, branch, changed: commit !== undefined },
		context.runUrl,
	)
	if (thread !== undefined) await github.comment(thread, comment)
	else core.info(comment)

	await new JobSummary([inputs["github-token"], inputs["api-key"]]).writePrompt({
		prompt: job.prompt,
		exit,
		branch,
		changed: commit !== undefined,
		...(pullRequest && { pullRequestUrl: pullRequest.url }),
		runUrl: context.runUrl,
	})
	core.setOutput("branch", commit === undefined ? "" : branch)
	core.setOutput("commit", commit ?? "")
	core.setOutput("pull-request", pullRequest?.url ?? "")
	core.setOutput("cost", String(exit.result?.cost ?? ""))
	core.setOutput("result", exit.result?.result ?? "")
	if (!finished)
		throw new Error(
			exit.result === undefined
				? `cairn ended without a result${exit.exitCode === null ? "" : ` (exit ${exit.exitCode})`}: ${exit.stderrTail}`
				: `Cairn did not finish (${exit.result.reason}): ${exit.result.result}`,
		)
}

/** The branch the work goes to; for a pull request that asked, its head (refused with a comment when in a fork). */
async function workTarget(
	job: PromptJob,
	github: PullRequests,
): Promise<{ branch: string; asked?: PullRequestRef }> {
	if ("branch" in job.target) return { branch: job.target.branch }
	const asked = await github.get(job.target.pullRequest)
	if (!asked.headInRepository) {
		const refusal = `Cairn cannot work on pull request #${asked.number}: its branch is in a fork, which this job's token cannot push to.`
		await github.comment(asked.number, refusal)
		throw new Error(refusal)
	}
	return { branch: asked.head, asked }
}

const firstLine = (text: string) => {
	const line = text.trim().split("\n")[0] ?? ""
	return line.length > 72 ? `${line.slice(0, 71)}…` : line
}

function commitMessage(prompt: string, exit: CairnExit): string {
	const cost = exit.result === undefined ? "" : `\n\nCost: ${dollars(exit.result.cost)}`
	return `${firstLine(prompt)}\n\nMade by Cairn from this request:\n\n${prompt.trim()}${cost}\n`
}

function pullRequestBody(job: PromptJob, exit: CairnExit, runUrl: string): string {
	const asked = job.thread === undefined ? "" : `Asked for in #${job.thread}.\n\n`
	return `${asked}${exit.result?.result ?? ""}\n\n---\nMade by Cairn in [this run](${runUrl}).`
}

/** The run's log: what the agent says and does, one line each (its streaming deltas left out). */
function logEvent(event: Record<string, unknown>): void {
	if (event.type === "assistant" && event.done === true) core.info(String(event.text ?? ""))
	else if (event.type === "tool_use") core.info(`● ${String(event.name ?? "")}`)
	else if (event.type === "error") core.warning(String(event.message ?? ""))
}
