import { readFileSync } from "node:fs"
import os from "node:os"
import type { Repository } from "./pullRequests.js"
import type { EventPayload, RunContext } from "./trigger.js"

/** Where and why the job runs, from the variables every runner sets (docs: "Default environment variables"). */
export interface ActionEnvironment extends RunContext {
	repository: Repository
	workspace: string
	apiUrl: string
	/** The run's page, for the comment. */
	runUrl: string
	/** A folder of the runner's that is emptied after the job: cairn's home goes there, outside the work tree. */
	temp: string
}

export function actionEnvironment(env: NodeJS.ProcessEnv): ActionEnvironment {
	const required = (name: string) => {
		const value = env[name]
		if (!value) throw new Error(`${name} is not set: the action runs on a GitHub Actions runner`)
		return value
	}
	const [owner = "", repo = ""] = required("GITHUB_REPOSITORY").split("/")
	const serverUrl = env.GITHUB_SERVER_URL ?? "https://github.com"
	const runId = required("GITHUB_RUN_ID")
	const payload = JSON.parse(readFileSync(required("GITHUB_EVENT_PATH"), "utf8")) as EventPayload
	return {
		eventName: required("GITHUB_EVENT_NAME"),
		payload,
		runId,
		repository: { owner, repo },
		workspace: required("GITHUB_WORKSPACE"),
		apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
		runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${runId}`,
		temp: env.RUNNER_TEMP ?? os.tmpdir(),
	}
}
