import { render } from "ink-testing-library"
import { describe, expect, it, vi } from "vitest"
import { FakeHost, tick, until } from "@cairn/core/test-support/hostMessages"
import { App, type TuiActions } from "./App.js"
import { QuestionStore } from "./QuestionStore.js"

function setup(active = true) {
	const host = new FakeHost()
	const questions = new QuestionStore()
	const actions: TuiActions = {
		submit: vi.fn(),
		cancel: vi.fn(),
		exit: vi.fn(),
		isTaskActive: vi.fn(() => active),
	}
	const app = render(<App client={host.client} questions={questions} actions={actions} />)
	return { host, questions, actions, app }
}

describe("App", () => {
	it("shows the transcript as it streams, and the status line", async () => {
		const { host, app } = setup()
		host.state()
		host.say("text", "build the parser")
		const request = host.request()
		const ts = host.nextTs()
		host.upsert({ ts, type: "say", say: "text", text: "Reading", partial: true })
		await until(() => (app.lastFrame() ?? "").includes("Reading"))
		expect(app.lastFrame()).toContain("› build the parser")
		expect(app.lastFrame()).toContain("Reading")
		expect(app.lastFrame()).toMatch(/● streaming · code/)
		host.upsert({ ts, type: "say", say: "text", text: "Reading the grammar first.", partial: false })
		request.finish(0.0123)
		await until(() => (app.lastFrame() ?? "").includes("$0.01"))
		expect(app.lastFrame()).toContain("Reading the grammar first.")
		expect(app.lastFrame()).toContain("100 in / 20 out · $0.01")
	})

	it("puts the dispatcher's question in front of the person and returns the answer", async () => {
		const { host, questions, app } = setup()
		host.state()
		host.say("text", "task")
		const row = host.ask(
			"tool",
			JSON.stringify({ tool: "newFileCreated", path: "a.txt", content: "one\ntwo" }),
		)
		const answer = questions.ask(
			{ ts: row.ts, ask: "tool", message: row, blockers: [] },
			new AbortController().signal,
		)
		await until(() => (app.lastFrame() ?? "").includes("Approve this file operation?"))
		expect(app.lastFrame()).toContain("● Write a.txt")
		expect(app.lastFrame()).toContain("+two")
		expect(app.lastFrame()).toContain("Approve this file operation?")
		app.stdin.write("y")
		await expect(answer).resolves.toEqual({ kind: "yes" })
	})

	it("Esc cancels the running task; Ctrl+C cancels, a second Ctrl+C exits", async () => {
		const { host, actions, app } = setup()
		host.state()
		host.say("text", "task")
		host.request()
		await tick()
		app.stdin.write("\u001b")
		await until(() => vi.mocked(actions.cancel).mock.calls.length === 1)
		app.stdin.write("\u0003")
		await until(() => (app.lastFrame() ?? "").includes("press Ctrl+C again to exit"))
		expect(actions.cancel).toHaveBeenCalledTimes(2)
		expect(actions.exit).not.toHaveBeenCalled()
		app.stdin.write("\u0003")
		await until(() => vi.mocked(actions.exit).mock.calls.length === 1)
	})

	it("offers the chat box at an idle ask and submits what is typed", async () => {
		const { host, actions, app } = setup(false)
		host.state()
		host.say("text", "task")
		host.request().finish()
		host.say("completion_result", "All done.")
		host.ask("completion_result")
		await until(() => (app.lastFrame() ?? "").includes("Done. Type to continue this task"))
		expect(app.lastFrame()).toContain("✓ All done.")
		expect(app.lastFrame()).toContain("Done. Type to continue this task")
		app.stdin.write("now add tests")
		await tick()
		app.stdin.write("\r")
		await until(() => vi.mocked(actions.submit).mock.calls.length === 1)
		expect(actions.submit).toHaveBeenCalledWith("now add tests")
	})
})
