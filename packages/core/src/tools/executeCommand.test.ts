import { access, mkdir } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { executeCommandTool } from "./executeCommand.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const run = (input: unknown) => callTool(executeCommandTool, input, t.context)

describe("execute_command", () => {
	it("runs an instant command after an execute approval and returns its output", async () => {
		await setup()
		const result = await run({ command: "echo hello && echo oops >&2" })
		expect(result.text).toBe("Exit code 0.\nOutput:\nhello\noops\n")
		expect(result.isError).toBeUndefined()
		expect(t.approvals).toEqual([
			{
				kind: "execute",
				command: { command: "echo hello && echo oops >&2", isOutsideWorkspace: false },
				folder: t.workspace,
			},
		])
		expect(t.commandOutput.join("")).toBe("hello\noops\n")
	})

	it("reports a failing exit code and a command with no output", async () => {
		await setup()
		expect((await run({ command: "echo broken; exit 4" })).text).toBe(
			"Failed with exit code 4.\nOutput:\nbroken\n",
		)
		expect((await run({ command: "true" })).text).toBe("Exit code 0.\n(no output)")
	})

	it("runs in a cwd inside the workspace, and flags one outside", async () => {
		await setup()
		await mkdir(path.join(t.workspace, "pkg/sub"), { recursive: true })
		expect((await run({ command: "pwd", cwd: "pkg/sub" })).text).toContain(
			path.join(t.workspace, "pkg/sub"),
		)
		expect(t.approvals[0]).toEqual({
			kind: "execute",
			command: { command: "pwd", cwd: "pkg/sub", isOutsideWorkspace: false },
			folder: path.join(t.workspace, "pkg", "sub"),
		})
		await run({ command: "pwd", cwd: "../outside" })
		expect(t.approvals[1]).toEqual({
			kind: "execute",
			command: { command: "pwd", cwd: t.outside, isOutsideWorkspace: true },
			folder: t.outside,
		})
	})

	it("refuses a cwd that is not a folder once the command is approved", async () => {
		await setup({ files: { "a.txt": "" } })
		expect((await run({ command: "ls", cwd: "missing" })).text).toMatch(
			/missing is not an existing folder; the command was not run/,
		)
		expect((await run({ command: "ls", cwd: "a.txt" })).isError).toBe(true)
		// Before the approval nothing says whether the folder exists: outside the workspace that is news.
		expect(t.approvals.map((a) => a.kind)).toEqual(["execute", "execute"])
	})

	it("does not run a rejected command", async () => {
		await setup({ approval: () => ({ approved: false, feedback: { text: "use pnpm" } }) })
		const result = await run({ command: "touch ran.txt" })
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(/denied running this command[\s\S]*use pnpm/)
		await expect(access(path.join(t.workspace, "ran.txt"))).rejects.toThrow()
	})

	it("gives a command that waits for input end-of-file instead of hanging", async () => {
		await setup()
		expect((await run({ command: 'read -r answer; echo "answer=[$answer]"' })).text).toContain(
			"answer=[]",
		)
	})

	it("kills a command that never ends when the timeout passes", async () => {
		await setup({ settings: { commandTimeoutSec: 1 } })
		const started = Date.now()
		const result = await run({ command: "echo waiting; sleep 100" })
		expect(result.text).toMatch(
			/^The command was killed after 1 s \(the command timeout setting\)[\s\S]*waiting/,
		)
		expect(Date.now() - started).toBeLessThan(4000)
	})

	it("returns the output so far when the person chooses to proceed while it runs", async () => {
		await setup()
		const pending = run({ command: "echo warming up; sleep 100" })
		while (!t.commandOutput.join("").includes("warming up")) await new Promise((r) => setTimeout(r, 20))
		t.proceed()
		const result = await pending
		expect(result.isError).toBeFalsy()
		expect(result.text).toMatch(
			/^The command is still running: the user chose to let you continue while it runs as "cmd_1": read_command_output reads its new output, stop_command stops it. It ends with the task.\nOutput so far:\nwarming up/,
		)
		// It runs on as a background command, shown in its own row.
		expect(t.commands.find("cmd_1")?.exit).toBeUndefined()
		expect(t.transcript.all.map((m) => m.say)).toEqual(["background_command"])
	})

	it("says the person stopped the command, not that the task was cancelled, when they kill it", async () => {
		await setup()
		const pending = run({ command: "echo started; sleep 100" })
		while (!t.commandOutput.join("").includes("started")) await new Promise((r) => setTimeout(r, 20))
		t.kill()
		const result = await pending
		expect(result.text).toMatch(/^The user stopped the command; the task goes on.\nOutput:\nstarted/)
		expect(t.commandExits).toEqual([expect.objectContaining({ stopped: true })])
	})

	it("runs a command in the background when asked: the approval says so and the call returns at once", async () => {
		await setup()
		const result = await run({ command: "echo serving; sleep 100", background: true })
		expect(t.approvals[0]).toMatchObject({ kind: "execute", command: { background: true } })
		expect(result.text).toBe(
			'The command runs in the background as "cmd_1": read_command_output reads its new output, stop_command stops it. It ends with the task.',
		)
		await t.rowWhere((m) => m.text?.includes("serving") === true)
		// Its output goes to its own row, not to a foreground command's output row.
		expect(t.commandOutput).toEqual([])
	})

	it("offers the whole output by id when the model's view of it was cut", async () => {
		await setup()
		const cut = await run({ command: "seq 1 5000" })
		expect(cut.text).toContain(
			'(Output cut: read_command_output with id "cmd_1" and all: true reads all of it.)',
		)
		expect(t.commands.find("cmd_1")?.log.page(2500, 1, 100).text).toBe("2500")
		// Output that fits is not kept: there is nothing more to read.
		expect((await run({ command: "echo short" })).text).toBe("Exit code 0.\nOutput:\nshort\n")
		expect(t.commands.find("cmd_2")).toBeUndefined()
	})

	it("kills a command that never ends when the task is cancelled", async () => {
		await setup()
		const pending = run({ command: "echo started; sleep 100" })
		while (!t.commandOutput.join("").includes("started")) await new Promise((r) => setTimeout(r, 20))
		const started = Date.now()
		t.abort()
		const result = await pending
		expect(result.isError).toBe(true)
		expect(result.text).toMatch(
			/^The command was stopped because the task was cancelled.\nOutput:\nstarted/,
		)
		expect(Date.now() - started).toBeLessThan(2000)
	})

	it("keeps the head and tail of huge output, saying how much was left out, while streaming all of it", async () => {
		await setup()
		const result = await run({ command: "seq 1 200000" })
		const lines = result.text.split("\n")
		expect(lines.slice(0, 4)).toEqual(["Exit code 0.", "Output:", "1", "2"])
		expect(result.text).toMatch(
			/\n100\n\n\[\.\.\. 199600 lines, \d+ characters omitted of \d+ \.\.\.\]\n199701\n/,
		)
		expect(result.text).toMatch(
			/\n200000\n\(Output cut: read_command_output with id "cmd_1" and all: true reads all of it.\)$/,
		)
		expect(result.text.length).toBeLessThan(5_000)
		const streamed = t.commandOutput.join("")
		expect(streamed.length).toBe(1_288_895)
	})

	it("caps one enormous single line of output", async () => {
		await setup()
		const result = await run({ command: "head -c 3000000 /dev/zero | tr '\\0' x" })
		expect(result.text.length).toBeLessThan(45_000)
		expect(result.text).toMatch(/\[\.\.\. 2960000 characters omitted of 3000000 \.\.\.\]/)
	})

	it("names a missing command and previews the command row as it streams", async () => {
		await setup()
		expect((await run({ cwd: "." })).text).toContain('Missing required parameter "command".')
		expect((await run({ command: "   " })).text).toMatch(/Parameter "command"/)
		expect(executeCommandTool.preview?.({ command: "npm te" })).toEqual({
			ask: "command",
			command: { command: "npm te" },
		})
	})
})
