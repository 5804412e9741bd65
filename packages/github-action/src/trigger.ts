import type { ActionInputs } from "./inputs.js"

/** What a run of the action does, decided from the event that started the workflow and the inputs. */
export type Job =
	/** Run Cairn on `prompt` and land the work on `target`. */
	| {
			kind: "prompt"
			prompt: string
			/** A branch of Cairn's own, or the head branch of the pull request that asked. */
			target: { branch: string } | { pullRequest: number }
			/** The issue or pull request that asked (its thread gets the result). */
			thread?: number
	  }
	/** Run this worker's shard of a task file with `cairn run`. */
	| { kind: "tasks"; file: string; shard: string; results: string }
	/** Nothing to do (a comment that is not for Cairn, or from someone who may not ask): said why. */
	| { kind: "skip"; reason: string }

/** The parts of a GitHub event payload the action reads (https://docs.github.com/webhooks). */
export interface EventPayload {
	comment?: { body?: string; author_association?: string; user?: { login?: string; type?: string } }
	issue?: {
		number?: number
		title?: string
		body?: string | null
		pull_request?: unknown
		author_association?: string
		user?: { login?: string }
	}
	repository?: { default_branch?: string }
}

/** Comment authors who can push to the repository: only they can spend its key on Cairn. */
const writers = new Set(["OWNER", "MEMBER", "COLLABORATOR"])

export interface RunContext {
	eventName: string
	payload: EventPayload
	runId: string
}

export class TriggerError extends Error {
	constructor(message: string) {
		super(message)
		this.name = "TriggerError"
	}
}

/** What the event asks of Cairn. Throws TriggerError when the inputs do not fit the event. */
export function jobFor(inputs: ActionInputs, context: RunContext): Job {
	if (inputs["task-file"] !== undefined) {
		if (inputs.shard === undefined || inputs.results === undefined)
			throw new TriggerError("task-file needs shard (as 0/4) and results (a folder) too")
		return { kind: "tasks", file: inputs["task-file"], shard: inputs.shard, results: inputs.results }
	}
	switch (context.eventName) {
		case "workflow_dispatch": {
			const prompt = inputs.prompt?.trim()
			if (!prompt) throw new TriggerError("prompt is required when the workflow is started by hand")
			return { kind: "prompt", prompt, target: { branch: `cairn/run-${context.runId}` } }
		}
		case "issue_comment":
			return commentJob(inputs.trigger, context.payload)
		default:
			throw new TriggerError(
				`the action runs on workflow_dispatch or issue_comment, or with task-file: not on ${context.eventName}`,
			)
	}
}

function commentJob(trigger: string, payload: EventPayload): Job {
	const { comment, issue } = payload
	const body = comment?.body ?? ""
	const number = issue?.number
	if (comment === undefined || number === undefined)
		throw new TriggerError("the issue_comment event has no comment or issue")
	const login = comment.user?.login ?? ""
	if (comment.user?.type === "Bot" || login.endsWith("[bot]"))
		return { kind: "skip", reason: `the comment is by a bot (${login})` }
	const request = mentionedRequest(body, trigger)
	if (request === undefined) return { kind: "skip", reason: `the comment does not mention ${trigger}` }
	const association = comment.author_association ?? "NONE"
	if (!writers.has(association))
		return {
			kind: "skip",
			reason: `${login} cannot push to the repository (author association ${association})`,
		}
	const isPullRequest = issue?.pull_request !== undefined && issue.pull_request !== null
	const about = isPullRequest ? `pull request #${number}` : `issue #${number}`
	const prompt = [
		request,
		"",
		`(Asked in a comment on ${about}: ${issue?.title ?? ""})`,
		...issueText(issue),
	].join("\n")
	return isPullRequest
		? { kind: "prompt", prompt, target: { pullRequest: number }, thread: number }
		: { kind: "prompt", prompt, target: { branch: `cairn/issue-${number}` }, thread: number }
}

/**
 * The issue's own text, as context for the request, when its author could have asked Cairn
 * themselves: the text of someone who cannot push is not handed to an agent that runs unattended
 * with the repository's key (the one who asks can quote what they mean).
 */
function issueText(issue: EventPayload["issue"]): string[] {
	if (!issue?.body) return []
	if (writers.has(issue.author_association ?? "NONE")) return ["", issue.body]
	return [
		"",
		`(The issue's text, by ${issue.user?.login ?? "someone"} who cannot push to the repository, is left out.)`,
	]
}

/**
 * What the comment asks after the trigger word, which must stand as a word of its own
 * ("@cairn fix it", not "@cairnish"); undefined when it is not mentioned or nothing follows it.
 */
export function mentionedRequest(body: string, trigger: string): string | undefined {
	const escaped = trigger.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
	const match = new RegExp(`(^|\\s)${escaped}(?![\\w-])`, "i").exec(body)
	if (match === null) return undefined
	// "@cairn: fix it" and "@cairn, fix it" ask "fix it".
	const request = body
		.slice(match.index + match[0].length)
		.replace(/^[\s:,]+/, "")
		.trim()
	return request === "" ? undefined : request
}
