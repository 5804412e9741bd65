import { readFile } from "node:fs/promises"
import { backgroundCommandRowSchema, type ClineMessage } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import { createTestToolContext, type TestToolContext } from "../test-support/toolContext.js"
import { executeCommandTool } from "./executeCommand.js"
import { readCommandOutputTool } from "./readCommandOutput.js"
import { stopCommandTool } from "./stopCommand.js"

let t: TestToolContext
afterEach(() => t?.cleanup())

const start = async (command: string) => {
	const result = await callTool(executeCommandTool, { command, background: true }, t.context)
	return /"(cmd_\d+)"/.exec(result.text)?.[1] ?? ""
}
const read = (input: unknown) => callTool(readCommandOutputTool, input, t.context)
const stop = (id: string) => callTool(stopCommandTool, { id }, t.context)

const rowOf = (message: ClineMessage) => backgroundCommandRowSchema.parse(JSON.parse(message.text ?? ""))
/** The background row once its JSON satisfies `test`: waits on what the command prints, not on time. */
const row = (test: (r: ReturnType<typeof rowOf>) => boolean) =>
	t.rowWhere((m) => m.say === "background_command" && test(rowOf(m))).then(rowOf)

/** Whether a process is alive: a zombie waiting for its parent to reap it counts as gone. */
async function alive(pid: number): Promise<boolean> {
	const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined)
	if (stat === undefined) return false
	return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z"
}

/**
 * Resolves once the process is gone. The kernel closes a dying process's pipes before it turns into
 * a zombie, so the command can be reported ended a moment before its last process is: this waits
 * for that moment (bounded by the test's timeout), never on a guessed time.
 */
async function gone(pid: number): Promise<void> {
	while (await alive(pid)) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe("background commands", () => {
	it("read_command_output gives only what is new since the last read, and the command's state", async () => {
		t = await createTestToolContext()
		// It prints "two" only once the test has made the file "go": nothing here waits on time.
		const line = "echo one; until [ -e go ]; do sleep 0.05; done; echo two; sleep 100"
		const id = await start(line)
		await row((r) => r.output.includes("one"))
		expect((await read({ id })).text).toBe(
			`Command "${id}" (${line}) is still running.\nNew output:\none\n`,
		)
		await t.write("go", "")
		await row((r) => r.output.includes("two"))
		expect((await read({ id })).text).toMatch(/is still running\.\nNew output:\ntwo\n$/)
		expect((await read({ id })).text).toMatch(/is still running\.\n\(no new output\)$/)
	})

	it("stop_command ends the command and every process it started, and reports how it ended", async () => {
		t = await createTestToolContext()
		// The grandchild keeps the output pipe open: the command has ended only once it is gone too.
		const id = await start("sleep 1000 & echo child=$!; wait")
		// While it runs the row is partial: clients get its updates coalesced, the journal only its start and end.
		const updating = await t.rowWhere((m) => m.say === "background_command" && m.partial === true)
		expect(updating.partial).toBe(true)
		const shown = await row((r) => /child=\d+/.test(r.output))
		const child = Number(/child=(\d+)/.exec(shown.output)?.[1])
		expect(await alive(child)).toBe(true)
		const result = await stop(id)
		expect(result.text).toMatch(new RegExp(`^Command "${id}" \\(.*\\) was stopped \\(stop_command\\)\\.`))
		await gone(child)
		const ended = await row((r) => r.state === "ended")
		expect(ended).toMatchObject({ id, stoppedBy: "agent", exit: { stopped: true } })
		expect(t.transcript.all.find((m) => m.say === "background_command")?.partial).toBe(false)
		// Stopping it again, or a command that is not there, says so.
		expect((await stop(id)).text).toMatch(/was stopped \(stop_command\)/)
		expect((await stop("cmd_9")).isError).toBe(true)
	})

	it("ends every background command when the task ends, and tells the person stopped one apart", async () => {
		t = await createTestToolContext()
		expect(t.commands.runningLines()).toBeUndefined()
		const byPerson = await start("echo a; sleep 1000")
		const byTask = await start("echo b; sleep 1000")
		await row((r) => r.id === byTask && r.output.includes("b"))
		// The environment details list what runs, so the model knows without asking.
		expect(t.commands.runningLines()).toEqual([
			`${byPerson}: echo a; sleep 1000`,
			`${byTask}: echo b; sleep 1000`,
		])
		await t.commands.stop(byPerson, "person")
		expect((await read({ id: byPerson })).text).toMatch(/was stopped by the user\.\nNew output:\na\n$/)
		t.commands.stopAll()
		await t.commands.settled()
		expect(t.commands.running).toEqual([])
		expect(t.commands.runningLines()).toEqual([])
		expect(await row((r) => r.id === byTask && r.state === "ended")).toMatchObject({ stoppedBy: "task" })
	})

	it("reports a command that exits on its own with its exit code", async () => {
		t = await createTestToolContext()
		const id = await start("echo bye; exit 3")
		await row((r) => r.state === "ended")
		expect((await read({ id })).text).toMatch(/exited with code 3\.\nNew output:\nbye\n$/)
	})

	it("reads all a command printed in pages, by line", async () => {
		t = await createTestToolContext()
		const cut = await callTool(executeCommandTool, { command: "seq 1 1000" }, t.context)
		expect(cut.text).toContain('id "cmd_1"')
		const page = await read({ id: "cmd_1", all: true })
		expect(page.text.split("\n").slice(0, 3)).toEqual([
			'Command "cmd_1" (seq 1 1000) exited with code 0.',
			"Lines 1-400 of 1000. Read on with from_line: 401.",
			"1",
		])
		const last = await read({ id: "cmd_1", all: true, from_line: 801 })
		expect(last.text).toMatch(/Lines 801-1000 of 1000\.\n801\n[\s\S]*\n1000$/)
		expect((await read({ id: "cmd_7" })).isError).toBe(true)
	})

	it("keeps the whole output of the newest three commands whose output was cut, no more", async () => {
		t = await createTestToolContext()
		for (let n = 0; n < 4; n++) await callTool(executeCommandTool, { command: "seq 1 1000" }, t.context)
		expect(t.commands.find("cmd_1")).toBeUndefined()
		expect(["cmd_2", "cmd_3", "cmd_4"].map((id) => t.commands.find(id)?.command)).toEqual([
			"seq 1 1000",
			"seq 1 1000",
			"seq 1 1000",
		])
	})
})
