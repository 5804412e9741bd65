import { lastToolResult } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, spawnCli, type CliChild, type CliWorld } from "./support/cliProcess.js"
import { askFollowup, complete, readFile, writeFile } from "./support/scenarios.js"

let world: CliWorld | undefined
let cli: CliChild | undefined
afterEach(async () => {
	if (cli && cli.child.exitCode === null) cli.child.kill("SIGKILL")
	await world?.cleanup()
	world = undefined
	cli = undefined
})

const doneOf = (requestId: string) => (l: Record<string, unknown>) =>
	l.type === "done" && l.requestId === requestId

async function session(args: string[] = []): Promise<CliChild> {
	if (world === undefined) throw new Error("no world")
	cli = spawnCli(world, [...world.providerArgs, "--stdin-prompt-stream", ...args])
	await cli.waitForLine((l) => l.type === "init", "the init line")
	return cli
}

describe("--stdin-prompt-stream", () => {
	it("a follow-up question is answered with a message command", async () => {
		world = await createWorld({
			scenario: [askFollowup("Which database?", ["SQLite", "Postgres"]), complete("Using Postgres.")],
		})
		const c = await session()
		expect(c.lines[0]).toMatchObject({
			type: "init",
			capabilities: {
				commands: [
					"start",
					"message",
					"condense",
					"cancel",
					"ping",
					"shutdown",
					"pressPrimaryButton",
					"pressSecondaryButton",
					"getConfiguration",
					"setConfiguration",
					"startInWorktree",
					"listTasks",
					"taskDiff",
					"landTask",
					"discardTask",
				],
			},
		})
		c.write({ command: "start", requestId: "s1", prompt: "set up the db" })
		await c.waitForLine((l) => l.type === "ack" && l.requestId === "s1", "ack of start")
		await c.waitForLine((l) => l.type === "ask" && l.ask === "followup", "the question")
		c.write({ command: "message", requestId: "m1", prompt: "Postgres" })
		expect(await c.waitForLine(doneOf("m1"), "done of message")).toMatchObject({ code: "responded" })
		const done = await c.waitForLine(doneOf("s1"), "done of start")
		expect(done).toMatchObject({ code: "task_completed", taskId: expect.any(String) })
		expect(c.lines).toContainEqual(
			expect.objectContaining({ type: "result", success: true, result: "Using Postgres." }),
		)
		const second = world.server.requests.filter((r) => r.route === "chat")[1]
		expect(second && lastToolResult(second)).toContain("Postgres")
		c.write({ command: "shutdown", requestId: "x" })
		expect((await c.exited).code).toBe(0)
	})

	it("without -y an approval waits for a message: y approves", async () => {
		world = await createWorld({ scenario: [writeFile("out.txt", "ok"), complete()] })
		const c = await session()
		c.write({ command: "start", requestId: "s1", prompt: "write" })
		await c.waitForLine((l) => l.type === "ask" && l.ask === "tool", "the approval")
		expect(
			await c.waitForLine((l) => l.subtype === "waiting_for_answer", "the wait for an answer"),
		).toMatchObject({ type: "system", ask: "tool", blockers: [] })
		c.write({ command: "message", requestId: "m1", prompt: "y" })
		await c.waitForLine(doneOf("s1"), "done of start")
		expect(await world.read("out.txt")).toBe("ok")
		c.child.stdin.end()
		expect((await c.exited).code).toBe(0)
	})

	it("the chat's buttons: pressSecondaryButton rejects an approval, and with no ask there is no button", async () => {
		world = await createWorld({ scenario: [writeFile("out.txt", "no"), complete("Left it alone.")] })
		const c = await session()
		c.write({ command: "pressPrimaryButton", requestId: "p0" })
		expect(await c.waitForLine((l) => l.requestId === "p0", "refusal")).toMatchObject({
			type: "error",
			code: "no_button",
		})
		c.write({ command: "start", requestId: "s1", prompt: "write" })
		await c.waitForLine((l) => l.type === "ask" && l.ask === "tool", "the approval")
		c.write({ command: "pressSecondaryButton", requestId: "p1" })
		expect(await c.waitForLine(doneOf("p1"), "done of the press")).toMatchObject({
			code: "pressed",
			button: "Reject",
		})
		expect(await c.waitForLine(doneOf("s1"), "done of start")).toMatchObject({ code: "task_completed" })
		expect(c.lines).toContainEqual(
			expect.objectContaining({ type: "tool_result", name: "write_to_file", status: "rejected" }),
		)
		await expect(world.read("out.txt")).rejects.toThrow(/ENOENT/)
		c.write({ command: "shutdown", requestId: "bye" })
		expect((await c.exited).code).toBe(0)
	})

	it("condense: refused without a task; after one, acked and done with the condense's figures", async () => {
		const summary = "Read notes.md: release notes, nothing to change."
		const notes = Array.from({ length: 60 }, (_, i) => `- release 1.${i}: fixed issue #${100 + i}`).join(
			"\n",
		)
		world = await createWorld({
			files: { "notes.md": notes },
			scenario: [readFile("notes.md"), complete("Read them."), { text: summary }],
		})
		const c = await session(["-y"])
		c.write({ command: "condense", requestId: "k0" })
		expect(await c.waitForLine((l) => l.requestId === "k0", "refusal")).toMatchObject({
			type: "error",
			code: "no_active_task",
		})
		c.write({ command: "start", requestId: "s1", prompt: "read the notes" })
		await c.waitForLine(doneOf("s1"), "done of start")
		c.write({ command: "condense", requestId: "k1" })
		await c.waitForLine((l) => l.type === "ack" && l.requestId === "k1", "ack of condense")
		expect(await c.waitForLine(doneOf("k1"), "done of condense")).toMatchObject({
			code: "condensed",
			newContextTokens: expect.any(Number),
		})
		expect(c.lines).toContainEqual(
			expect.objectContaining({ type: "system", subtype: "context_condensed", summary }),
		)
		c.write({ command: "shutdown", requestId: "bye" })
		expect((await c.exited).code).toBe(0)
	})

	it("--context-window and --max-output-tokens become the model's stored overrides", async () => {
		world = await createWorld()
		const c = await session(["--context-window", "32768", "--max-output-tokens", "4096"])
		c.write({ command: "getConfiguration", requestId: "g1" })
		expect(await c.waitForLine(doneOf("g1"), "the configuration")).toMatchObject({
			configuration: { provider: { modelInfo: { contextWindow: 32_768, maxOutputTokens: 4096 } } },
		})
		c.write({ command: "shutdown", requestId: "bye" })
		expect((await c.exited).code).toBe(0)
	})

	it("getConfiguration and setConfiguration read and change the stored settings", async () => {
		world = await createWorld()
		const c = await session()
		c.write({ command: "setConfiguration", requestId: "c1", configuration: { mode: "architect" } })
		expect(await c.waitForLine(doneOf("c1"), "done of setConfiguration")).toMatchObject({
			code: "configured",
			configuration: { mode: "architect" },
		})
		c.write({ command: "setConfiguration", requestId: "c2", configuration: { mdoe: "ask" } })
		expect(await c.waitForLine((l) => l.requestId === "c2", "refusal")).toMatchObject({
			type: "error",
			code: "invalid_command",
			message: expect.stringMatching(/mdoe/),
		})
		c.write({ command: "getConfiguration", requestId: "g1" })
		expect(await c.waitForLine(doneOf("g1"), "the configuration")).toMatchObject({
			code: "configuration",
			configuration: { mode: "architect", provider: { provider: world.provider } },
		})
		c.write({ command: "shutdown", requestId: "bye" })
		expect((await c.exited).code).toBe(0)
	})

	it("cancel during streaming: the task is aborted and both requests are done", async () => {
		world = await createWorld({
			scenario: [
				{ text: "a slow answer that streams word by word", textChunks: 30, chunkDelayMs: 50 },
				complete(),
			],
		})
		const c = await session()
		c.write({ command: "start", requestId: "s1", prompt: "talk" })
		await c.waitForLine((l) => l.type === "assistant" && l.done === false, "streaming text")
		c.write({ command: "cancel", requestId: "c1" })
		expect(await c.waitForLine(doneOf("c1"), "done of cancel")).toMatchObject({ code: "task_aborted" })
		expect(await c.waitForLine(doneOf("s1"), "done of start")).toMatchObject({ code: "task_aborted" })
		expect(c.lines).toContainEqual(expect.objectContaining({ type: "ask", ask: "resume_task" }))
		c.write({ command: "cancel", requestId: "c2" })
		expect(
			await c.waitForLine((l) => l.type === "error" && l.requestId === "c2", "refusal"),
		).toMatchObject({ code: "no_active_task" })
		c.write({ command: "shutdown", requestId: "bye" })
		expect((await c.exited).code).toBe(0)
	})

	it("a second start while a task runs is refused (task_busy); a queued message replies to the result", async () => {
		world = await createWorld({
			scenario: [
				{ text: "slow", textChunks: 10, chunkDelayMs: 100, ...complete("first result") },
				complete("second result"),
			],
		})
		const c = await session(["-y"])
		c.write({ command: "message", requestId: "m0", prompt: "hello?" })
		expect(
			await c.waitForLine((l) => l.requestId === "m0" && l.type === "error", "refusal"),
		).toMatchObject({ code: "no_active_task" })
		c.write({ command: "start", requestId: "s1", prompt: "one" })
		c.write({ command: "start", requestId: "s2", prompt: "two" })
		expect(await c.waitForLine((l) => l.requestId === "s2", "refusal")).toMatchObject({
			type: "error",
			code: "task_busy",
		})
		c.write({ command: "message", requestId: "m1", prompt: "also this" })
		expect(await c.waitForLine(doneOf("m1"), "queued")).toMatchObject({ code: "queued" })
		expect(await c.waitForLine(doneOf("s1"), "done of start", 20_000)).toMatchObject({
			code: "task_completed",
		})
		expect(c.lines.filter((l) => l.type === "result").map((l) => l.result)).toEqual(["second result"])
		const second = world.server.requests.filter((r) => r.route === "chat")[1]
		expect(JSON.stringify(second?.body)).toContain("also this")
		c.child.stdin.end()
		expect((await c.exited).code).toBe(0)
	})

	it("1,000 garbage lines: each gets an error event, none stops the session", async () => {
		world = await createWorld()
		const c = await session()
		const garbage: string[] = []
		for (let i = 0; i < 1000; i++) {
			const kind = i % 5
			garbage.push(
				kind === 0
					? `not json ${i} {{`
					: kind === 1
						? JSON.stringify({ command: "launch", requestId: `g${i}` })
						: kind === 2
							? JSON.stringify({ command: "start", requestId: `g${i}` })
							: kind === 3
								? JSON.stringify([i, "array", null])
								: `${"\u0000\u00ff".repeat((i % 7) + 1)}\u{1F600}"${i}`,
			)
		}
		c.child.stdin.write(`${garbage.join("\n")}\n`)
		c.write({ command: "ping", requestId: "alive" })
		await c.waitForLine(doneOf("alive"), "pong", 20_000)
		const errors = c.lines.filter((l) => l.type === "error" && l.code === "invalid_command")
		expect(errors).toHaveLength(1000)
		expect(errors[1]).toMatchObject({ requestId: "g1", message: expect.stringMatching(/command/) })
		expect(errors[2]).toMatchObject({ requestId: "g2", message: expect.stringMatching(/prompt/) })
		expect(c.lines.find(doneOf("alive"))).toMatchObject({ code: "pong" })
		c.write({ command: "shutdown", requestId: "bye" })
		expect((await c.exited).code).toBe(0)
	})
})
