import { describe, expect, it, vi } from "vitest"
import { FakeHost, tick, until } from "../test-support/hostMessages.js"
import type { ApprovalPolicy } from "./approvalBlockers.js"
import { AskDispatcher, type PersonChannel } from "./AskDispatcher.js"

const policy = (overrides: Partial<ApprovalPolicy> = {}): ApprovalPolicy => ({
	autoApprove: false,
	allowOutsideWorkspace: false,
	allowProtected: false,
	deniedCommands: () => [],
	...overrides,
})

function setup(options: { policy?: ApprovalPolicy; person?: PersonChannel; firstSuggestion?: boolean } = {}) {
	const host = new FakeHost()
	const dispatcher = new AskDispatcher({
		client: host.client,
		policy: options.policy ?? policy(),
		...(options.person && { person: options.person }),
		answerFollowupsWithFirstSuggestion: options.firstSuggestion ?? false,
	})
	const events: { type: string; detail: unknown }[] = []
	dispatcher.on("answered", (e) => events.push({ type: "answered", detail: e.by }))
	dispatcher.on("needsPerson", (e) => events.push({ type: "needsPerson", detail: e.reason }))
	dispatcher.on("idle", (e) => events.push({ type: "idle", detail: e.ask }))
	dispatcher.on("resumable", (e) => events.push({ type: "resumable", detail: e.ask }))
	host.state()
	host.say("text", "task")
	return { host, dispatcher, events }
}

const write = (path: string, flags: Record<string, boolean> = {}) =>
	JSON.stringify({ tool: "newFileCreated", path, content: "x", ...flags })

describe("AskDispatcher: interactive asks", () => {
	it("-y approves a tool ask", async () => {
		const { host, events } = setup({ policy: policy({ autoApprove: true }) })
		host.ask("tool", write("a.txt"))
		await tick()
		// Marked as a standing rule's answer: the core runs what it approves as an automatic approval.
		expect(host.sent).toEqual([{ type: "askResponse", askResponse: "yesButtonClicked", automatic: true }])
		expect(events).toEqual([{ type: "answered", detail: "auto" }])
	})

	it.each([
		["outside the workspace", write("../x", { isOutsideWorkspace: true }), /outside the workspace/],
		["a protected file by flag", write("x", { isProtected: true }), /protected file/],
		["a protected file by path", write("AGENTS.md"), /AGENTS.md is a protected file/],
		["a .git path", write(".git/config"), /protected file/],
		[
			"a change outside the active intent's scope",
			JSON.stringify({
				tool: "scopeViolation",
				intentId: "INT-001",
				toolName: "write_to_file",
				path: "src/billing/pay.ts",
				reason: "src/billing/pay.ts is outside the owned scope of INT-001 (src/auth/**)",
			}),
			/outside the owned scope of INT-001 .*intent INT-001 needs a person/,
		],
	])("-y does not approve %s: without a person it needs one", async (_name, text, reason) => {
		const { host, events } = setup({ policy: policy({ autoApprove: true }) })
		host.ask("tool", text)
		await tick()
		expect(host.sent).toEqual([])
		expect(events).toEqual([{ type: "needsPerson", detail: expect.stringMatching(reason) }])
	})

	it("the allow flags let -y approve outside and protected paths", async () => {
		const { host } = setup({
			policy: policy({ autoApprove: true, allowOutsideWorkspace: true, allowProtected: true }),
		})
		host.ask("tool", write("../.vscode/x", { isOutsideWorkspace: true, isProtected: true }))
		await tick()
		expect(host.sent).toEqual([{ type: "askResponse", askResponse: "yesButtonClicked", automatic: true }])
	})

	it("a command the host marked deniedBy, or one matching the denied list, needs a person", async () => {
		const first = setup({ policy: policy({ autoApprove: true, allowOutsideWorkspace: true }) })
		first.host.ask("command", JSON.stringify({ command: "rm -rf /", deniedBy: "rm" }))
		await tick()
		expect(first.events).toEqual([
			{ type: "needsPerson", detail: expect.stringMatching(/denied command "rm"/) },
		])

		const second = setup({ policy: policy({ autoApprove: true, deniedCommands: () => ["git push"] }) })
		second.host.ask("command", JSON.stringify({ command: "git status; git push --force" }))
		await until(() => second.events.length > 0)
		expect(second.events).toEqual([
			{ type: "needsPerson", detail: expect.stringMatching(/denied command "git push"/) },
		])

		const third = setup({ policy: policy({ autoApprove: true, deniedCommands: () => ["git push"] }) })
		third.host.ask("command", JSON.stringify({ command: "git status" }))
		await until(() => third.host.sent.length > 0)
		expect(third.host.sent).toEqual([
			{ type: "askResponse", askResponse: "yesButtonClicked", automatic: true },
		])
	})

	it("a command the host marked as reading an ignored file needs a person, whatever the flags", async () => {
		const { host, events } = setup({
			policy: policy({ autoApprove: true, allowOutsideWorkspace: true, allowProtected: true }),
		})
		host.ask("command", JSON.stringify({ command: "cat secrets/key", ignoredPath: "secrets/key" }))
		await until(() => events.length > 0)
		expect(events).toEqual([
			{
				type: "needsPerson",
				detail: expect.stringMatching(/reads secrets\/key, which \.cairnignore blocks/),
			},
		])
		expect(host.sent).toEqual([])
	})

	it("with a deny list, -y does not approve code given inline, which the list cannot see into", async () => {
		const { host, events } = setup({
			policy: policy({ autoApprove: true, deniedCommands: () => ["rm"] }),
		})
		host.ask("command", JSON.stringify({ command: "python3 -c 'import os; os.remove(\"x\")'" }))
		await until(() => events.length > 0)
		expect(events).toEqual([
			{
				type: "needsPerson",
				detail: expect.stringMatching(/cannot be checked against the denied commands/),
			},
		])
	})

	it("a command that failed in the sandbox needs a person to run it outside, even with -y", async () => {
		const { host, events } = setup({ policy: policy({ autoApprove: true, allowOutsideWorkspace: true }) })
		host.ask("command", JSON.stringify({ command: "touch ../x", sandboxFailure: "it wrote outside" }))
		await until(() => events.length > 0)
		expect(events).toEqual([
			{ type: "needsPerson", detail: expect.stringMatching(/failed in the sandbox/) },
		])
		expect(host.sent).toEqual([])
	})

	it("without -y a person decides; typed text becomes a rejection with reasons", async () => {
		const person: PersonChannel = {
			ask: vi.fn(async () => ({ kind: "text" as const, text: "use yarn" })),
		}
		const { host, events } = setup({ person })
		host.ask("command", JSON.stringify({ command: "npm i" }))
		await tick()
		expect(person.ask).toHaveBeenCalledWith(
			expect.objectContaining({ ask: "command", blockers: [] }),
			expect.any(AbortSignal),
		)
		expect(host.sent).toEqual([{ type: "askResponse", askResponse: "messageResponse", text: "use yarn" }])
		expect(events).toEqual([{ type: "answered", detail: "person" }])
	})

	it("a person's Approve is not marked automatic: what they approve runs outside the sandbox", async () => {
		const person: PersonChannel = { ask: vi.fn(async () => ({ kind: "yes" as const })) }
		const { host } = setup({ person })
		host.ask("command", JSON.stringify({ command: "npm i" }))
		await tick()
		expect(host.sent).toEqual([{ type: "askResponse", askResponse: "yesButtonClicked" }])
	})

	it("a follow-up takes the first suggestion with -y and nobody to ask, else needs a person", async () => {
		const followup = JSON.stringify({ question: "Which?", suggest: [{ answer: "A" }, { answer: "B" }] })
		const auto = setup({ firstSuggestion: true })
		auto.host.ask("followup", followup)
		await tick()
		expect(auto.host.sent).toEqual([{ type: "askResponse", askResponse: "messageResponse", text: "A" }])

		const nobody = setup()
		nobody.host.ask("followup", followup)
		await tick()
		expect(nobody.events).toEqual([{ type: "needsPerson", detail: expect.stringMatching(/follow-up/) }])
	})

	it("withdraws the person's question when the ask goes away (the task was cancelled)", async () => {
		let signal: AbortSignal | undefined
		const person: PersonChannel = {
			ask: (_q, s) => {
				signal = s
				return new Promise(() => {})
			},
		}
		const { host } = setup({ person })
		host.ask("tool", write("a.txt"))
		await tick()
		expect(signal?.aborted).toBe(false)
		host.ask("resume_task")
		expect(signal?.aborted).toBe(true)
	})
})

describe("AskDispatcher: the other categories", () => {
	it("reports idle and resumable asks; a running command needs nothing", async () => {
		const { host, events } = setup({ policy: policy({ autoApprove: true }) })
		host.ask("command_output", "building...")
		host.ask("completion_result")
		await tick()
		host.ask("resume_task")
		await tick()
		expect(events).toEqual([
			{ type: "idle", detail: "completion_result" },
			{ type: "resumable", detail: "resume_task" },
		])
		expect(host.sent).toEqual([])
	})
})
