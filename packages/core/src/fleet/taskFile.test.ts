import { describe, expect, it } from "vitest"
import { defaultCheckTimeoutSec, parseTaskFile, TaskFileError, type TaskFileProblem } from "./taskFile.js"

/** The problems a bad file is refused with, or a failure when it is accepted. */
function problemsOf(file: string, text: string): readonly TaskFileProblem[] {
	try {
		parseTaskFile(file, text)
	} catch (error) {
		if (error instanceof TaskFileError) return error.problems
		throw error
	}
	throw new Error("the file was accepted")
}

describe("a task file", () => {
	it("reads JSON Lines: one task a line, blank lines and # comments skipped, each task with its line", () => {
		const text = [
			"# the nightly batch",
			JSON.stringify({ id: "bump-a", prompt: "Bump a", repository: "repos/a" }),
			"",
			JSON.stringify({
				id: "bump-b",
				prompt: "Bump b",
				repository: ".",
				base: "release/1.2",
				mode: "code",
				profile: "cheap",
				budget: { maxCost: 0.5, maxTokens: 20000 },
				checks: ["npm test", { command: "npm run e2e", timeout: 1800 }],
			}),
		].join("\n")
		expect(parseTaskFile("tasks.jsonl", text)).toEqual([
			{ line: 2, task: { id: "bump-a", prompt: "Bump a", repository: "repos/a", checks: [] } },
			{
				line: 4,
				task: {
					id: "bump-b",
					prompt: "Bump b",
					repository: ".",
					base: "release/1.2",
					mode: "code",
					profile: "cheap",
					budget: { maxCost: 0.5, maxTokens: 20000 },
					checks: [
						{ command: "npm test", timeout: defaultCheckTimeoutSec },
						{ command: "npm run e2e", timeout: 1800 },
					],
				},
			},
		])
	})

	it("reads YAML as a list or under `tasks:`, with each task's line", () => {
		const list =
			"- id: one\n  prompt: First\n  repository: .\n- id: two\n  prompt: Second\n  repository: .\n"
		expect(parseTaskFile("tasks.yaml", list).map(({ task, line }) => [task.id, line])).toEqual([
			["one", 1],
			["two", 4],
		])
		const keyed = `tasks:\n${list.replace(/^/gm, "  ")}`
		expect(parseTaskFile("tasks.yml", keyed).map(({ task, line }) => [task.id, line])).toEqual([
			["one", 2],
			["two", 5],
		])
	})

	it("refuses the whole file naming every bad line: not JSON, a missing prompt, an unknown key, a bad id, a repeated id", () => {
		const text = [
			JSON.stringify({ id: "ok", prompt: "Fine", repository: "." }),
			"{not json",
			JSON.stringify({ id: "no-prompt", repository: "." }),
			JSON.stringify({ id: "extra", prompt: "p", repository: ".", colour: "red" }),
			JSON.stringify({ id: "v1.2", prompt: "p", repository: "." }),
			JSON.stringify({ id: "ok", prompt: "Again", repository: "." }),
			JSON.stringify({ id: "bad-base", prompt: "p", repository: ".", base: "--upload-pack=x" }),
		].join("\n")
		const problems = problemsOf("tasks.jsonl", text)
		expect(problems.map((problem) => problem.line)).toEqual([2, 3, 4, 5, 6, 7])
		expect(problems[0]?.message).toMatch(/^not JSON: /)
		expect(problems[1]?.message).toMatch(/^prompt: /)
		expect(problems[2]?.message).toContain("colour")
		expect(problems[3]?.message).toMatch(/^id: an id is 1-63 letters/)
		expect(problems[4]?.message).toBe('id "ok" is already used on line 1')
		expect(problems[5]?.message).toMatch(/^base: /)
	})

	it("says where each problem is in the error's message, file:line", () => {
		const text = `${JSON.stringify({ id: "a", prompt: " ", repository: "." })}\n`
		expect(() => parseTaskFile("/work/tasks.jsonl", text)).toThrow(
			/^\/work\/tasks\.jsonl:1: prompt: the prompt is empty$/,
		)
	})

	it("refuses YAML that is not a list of tasks, a YAML syntax error and a repeated key, on their lines", () => {
		expect(problemsOf("t.yaml", "\n\nname: not tasks\n")).toEqual([
			{ line: 3, message: "expected a list of tasks (or `tasks:` holding one)" },
		])
		expect(
			problemsOf("t.yaml", "- id: a\n  prompt: [unclosed\n  repository: .\n")[0]?.line,
		).toBeGreaterThan(1)
		const repeated = problemsOf("t.yaml", "- id: a\n  prompt: p\n  prompt: q\n  repository: .\n")
		expect(repeated).toHaveLength(1)
		expect(repeated[0]?.line).toBe(3)
	})

	it("gives every check a time limit: its own timeout in whole seconds, else ten minutes", () => {
		expect(defaultCheckTimeoutSec).toBe(600)
		const line = (checks: unknown) => JSON.stringify({ id: "t", prompt: "p", repository: ".", checks })
		expect(
			parseTaskFile("t.jsonl", line(["make", { command: "make e2e", timeout: 5 }]))[0]?.task.checks,
		).toEqual([
			{ command: "make", timeout: 600 },
			{ command: "make e2e", timeout: 5 },
		])
		const text = [
			line([{ command: "a", timeout: 0 }]),
			line([{ command: "a", timeout: 1.5 }]),
			line([{ command: "a", timeout: "5m" }]),
			line([{ command: "a", timeout: 86_401 }]),
			line(["ok", { timeout: 5 }]),
			line([{ command: " ", timeout: 5 }]),
			line([{ command: "a", timeout: 5, retries: 2 }]),
			line([42]),
		].join("\n")
		const limit = "a check's timeout is a whole number of seconds from 1 to 86400"
		expect(problemsOf("t.jsonl", text)).toEqual([
			{ line: 1, message: `checks.0.timeout: ${limit}` },
			{ line: 2, message: `checks.0.timeout: ${limit}` },
			{ line: 3, message: `checks.0.timeout: ${limit}` },
			{ line: 4, message: `checks.0.timeout: ${limit}` },
			{ line: 5, message: expect.stringMatching(/^checks\.1\.command: /) },
			{ line: 6, message: "checks.0.command: a check's command is empty" },
			{ line: 7, message: expect.stringMatching(/^checks\.0: .*retries/) },
			{
				line: 8,
				message:
					"checks.0: a check is a command, or { command, timeout } with the timeout in seconds",
			},
		])
	})

	it("refuses a file with no task", () => {
		expect(problemsOf("t.jsonl", "# nothing yet\n\n")).toEqual([
			{ line: 1, message: "the file holds no task" },
		])
		expect(problemsOf("t.yaml", "tasks: []\n")).toEqual([{ line: 1, message: "the file holds no task" }])
	})
})
