import { describe, expect, it } from "vitest"
import { parseInputs } from "./inputs.js"
import { jobFor, mentionedRequest, TriggerError, type EventPayload } from "./trigger.js"

const inputs = (given: Record<string, string> = {}) =>
	parseInputs(
		(name) =>
			({
				"github-token": "t",
				"api-key": "k",
				provider: "anthropic",
				trigger: "@cairn",
				cairn: "cairn",
				...given,
			})[name] ?? "",
	)
const comment = (body: string, author_association = "MEMBER", user = { login: "ada", type: "User" }) => ({
	comment: { body, author_association, user },
	issue: {
		number: 12,
		title: "Broken link",
		body: "The docs link 404s.",
		author_association: "MEMBER",
		user: { login: "bob" },
	},
})
const job = (payload: EventPayload, given?: Record<string, string>) =>
	jobFor(inputs(given), { eventName: "issue_comment", payload, runId: "7" })

describe("what an event asks of Cairn", () => {
	it("a hand-started run needs its prompt and works on cairn/run-<run id>", () => {
		const dispatch = (prompt?: string) =>
			jobFor(inputs(prompt === undefined ? {} : { prompt }), {
				eventName: "workflow_dispatch",
				payload: {},
				runId: "7",
			})
		expect(dispatch("  fix the build ")).toEqual({
			kind: "prompt",
			prompt: "fix the build",
			target: { branch: "cairn/run-7" },
		})
		expect(() => dispatch()).toThrow(TriggerError)
		expect(() => dispatch("   ")).toThrow("prompt is required")
	})

	it("an issue comment: the words after the mention, with the issue as context, on cairn/issue-<n>", () => {
		expect(job(comment("Hi! @cairn fix the link please"))).toEqual({
			kind: "prompt",
			prompt: "fix the link please\n\n(Asked in a comment on issue #12: Broken link)\n\nThe docs link 404s.",
			target: { branch: "cairn/issue-12" },
			thread: 12,
		})
	})

	it("the issue's text is left out when its author cannot push (it would steer an unattended agent)", () => {
		const payload = comment("@cairn fix the link")
		const byOutsider = {
			...payload,
			issue: { ...payload.issue, author_association: "NONE", user: { login: "eve" } },
		}
		expect(job(byOutsider)).toMatchObject({
			prompt: "fix the link\n\n(Asked in a comment on issue #12: Broken link)\n\n(The issue's text, by eve who cannot push to the repository, is left out.)",
		})
	})

	it("a pull-request comment works on that pull request", () => {
		const payload = comment("@Cairn rebase notes")
		const onPull = { ...payload, issue: { ...payload.issue, pull_request: { url: "u" } } }
		expect(job(onPull)).toMatchObject({ kind: "prompt", target: { pullRequest: 12 }, thread: 12 })
	})

	it.each(["OWNER", "MEMBER", "COLLABORATOR"])("%s may ask", (association) => {
		expect(job(comment("@cairn go", association)).kind).toBe("prompt")
	})

	it.each(["CONTRIBUTOR", "FIRST_TIME_CONTRIBUTOR", "FIRST_TIMER", "NONE", "MANNEQUIN"])(
		"%s may not: skipped, said why",
		(association) => {
			expect(job(comment("@cairn go", association))).toEqual({
				kind: "skip",
				reason: `ada cannot push to the repository (author association ${association})`,
			})
		},
	)

	it("bots are never followed, whatever their association (a loop of comments would follow)", () => {
		expect(job(comment("@cairn go", "OWNER", { login: "cairn-bot", type: "Bot" })).kind).toBe("skip")
		expect(job(comment("@cairn go", "MEMBER", { login: "github-actions[bot]", type: "User" })).kind).toBe(
			"skip",
		)
	})

	it("a task file makes it a matrix job, which needs its shard and results folder", () => {
		expect(job({}, { "task-file": "tasks.jsonl", shard: "1/3", results: "out" })).toEqual({
			kind: "tasks",
			file: "tasks.jsonl",
			shard: "1/3",
			results: "out",
		})
		expect(() => job({}, { "task-file": "tasks.jsonl" })).toThrow("task-file needs shard")
	})

	it("other events are refused by name", () => {
		expect(() => jobFor(inputs(), { eventName: "push", payload: {}, runId: "1" })).toThrow(/not on push/)
	})
})

describe("the mention", () => {
	it.each([
		["@cairn fix it", "fix it"],
		["please @cairn: fix it", "fix it"],
		["@cairn, fix it", "fix it"],
		["@CAIRN fix it", "fix it"],
		["line one\n@cairn fix\nit", "fix\nit"],
	])("%j asks %j", (body, request) => {
		expect(mentionedRequest(body, "@cairn")).toBe(request)
	})

	it.each([
		"@cairnbot fix it",
		"@cairn-dev fix it",
		"email@cairn fix",
		"no mention",
		"@cairn",
		"@cairn   ",
	])("%j asks nothing", (body) => {
		expect(mentionedRequest(body, "@cairn")).toBeUndefined()
	})
})
