import { mkdtemp } from "node:fs/promises"
import path from "node:path"
import * as core from "@actions/core"
import { parseInputs } from "./inputs.js"
import { runPromptJob } from "./promptJob.js"
import { actionEnvironment } from "./runContext.js"
import { runTasksJob } from "./tasksJob.js"
import { jobFor } from "./trigger.js"

/** The action's entry (action.yml runs its bundle): any failure fails the step with its message. */
async function main(): Promise<void> {
	// Masked in every log line before anything can print them.
	for (const secret of ["github-token", "api-key"] as const) {
		const value = core.getInput(secret)
		if (value !== "") core.setSecret(value)
	}
	const inputs = parseInputs((name) => core.getInput(name))
	const context = actionEnvironment(process.env)
	const job = jobFor(inputs, context)
	if (job.kind === "skip") {
		core.info(`Nothing to do: ${job.reason}.`)
		return
	}
	const cairnHome = await mkdtemp(path.join(context.temp, "cairn-home-"))
	if (job.kind === "prompt") await runPromptJob(job, inputs, context, cairnHome)
	else await runTasksJob(job, inputs, context, cairnHome)
}

main().catch((error: unknown) => core.setFailed(error instanceof Error ? error.message : String(error)))
