import { describe, expect, it } from "vitest"
import { clineAsks, type ClineAsk } from "../message/clineAsk.js"
import type { ClineMessage } from "../message/clineMessage.js"
import { apiRequest, ask, finishedApiRequest, say } from "../test-support/messages.js"
import { AgentLoopState, detectAgentState, type AgentLoopState as State } from "./detectAgentState.js"

describe("detectAgentState: the states of seed 000", () => {
	it("NO_TASK when there are no messages", () => {
		const info = detectAgentState([])
		expect(info.state).toBe(AgentLoopState.NO_TASK)
		expect(info.requiredAction).toBe("start_task")
		expect(info.isRunning).toBe(false)
	})

	it("RUNNING while the agent works after a finished request (e.g. a tool executes)", () => {
		const info = detectAgentState([
			say("text", "task"),
			finishedApiRequest(),
			say("text", "reading the file"),
		])
		expect(info.state).toBe(AgentLoopState.RUNNING)
		expect(info.isRunning).toBe(true)
		expect(info.isWaitingForInput).toBe(false)
	})

	it("STREAMING when the last message is partial", () => {
		const info = detectAgentState([
			say("text", "task"),
			finishedApiRequest(),
			say("text", "Let me", { partial: true }),
		])
		expect(info.state).toBe(AgentLoopState.STREAMING)
		expect(info.isStreaming).toBe(true)
	})

	it("STREAMING when the latest api_req_started has no cost yet", () => {
		const info = detectAgentState([say("text", "task"), apiRequest(), say("text", "complete sentence.")])
		expect(info.state).toBe(AgentLoopState.STREAMING)
	})

	it("not STREAMING for a request that was cancelled or failed without a cost", () => {
		const cancelled = apiRequest({ request: "x", cancelReason: "user_cancelled" })
		const failed = apiRequest({ request: "x", streamingFailedMessage: "socket hang up" })
		expect(detectAgentState([cancelled, say("error", "cancelled")]).state).toBe(AgentLoopState.RUNNING)
		expect(detectAgentState([failed, say("error", "failed")]).state).toBe(AgentLoopState.RUNNING)
	})

	it("ignores an api_req_started whose text is not JSON instead of throwing", () => {
		const broken = say("api_req_started", "{not json")
		expect(detectAgentState([broken, say("text", "x")]).state).toBe(AgentLoopState.RUNNING)
	})

	it.each(["tool", "command", "followup", "browser_action_launch", "use_mcp_server"] as const)(
		"WAITING_FOR_INPUT at a %s ask",
		(kind) => {
			const info = detectAgentState([say("text", "task"), finishedApiRequest(), ask(kind, "{}")])
			expect(info.state).toBe(AgentLoopState.WAITING_FOR_INPUT)
			expect(info.currentAsk).toBe(kind)
			expect(info.isWaitingForInput).toBe(true)
			expect(info.requiredAction).toBe(kind === "followup" ? "answer" : "approve")
		},
	)

	it.each([
		["completion_result", "new_task_or_feedback"],
		["api_req_failed", "retry_or_new_task"],
		["mistake_limit_reached", "proceed_or_new_task"],
		["auto_approval_max_req_reached", "continue_or_end"],
		["budget_reached", "continue_or_end"],
		["resume_completed_task", "new_task"],
	] as const)("IDLE at a %s ask, asking to %s", (kind, action) => {
		const info = detectAgentState([say("text", "task"), finishedApiRequest(), ask(kind, "")])
		expect(info.state).toBe(AgentLoopState.IDLE)
		expect(info.isWaitingForInput).toBe(true)
		expect(info.isRunning).toBe(false)
		expect(info.requiredAction).toBe(action)
	})

	it("RESUMABLE at a resume_task ask, even if the interrupted request never got its cost", () => {
		const info = detectAgentState([say("text", "task"), apiRequest(), ask("resume_task")])
		expect(info.state).toBe(AgentLoopState.RESUMABLE)
		expect(info.requiredAction).toBe("resume_or_abandon")
	})

	it("RUNNING at a command_output ask: a running command does not block the loop", () => {
		const info = detectAgentState([finishedApiRequest(), ask("command", "{}"), ask("command_output", "")])
		expect(info.state).toBe(AgentLoopState.RUNNING)
		expect(info.isWaitingForInput).toBe(false)
		expect(info.requiredAction).toBe("continue_or_abort")
	})
})

describe("detectAgentState: the transitions of seed 000's diagram", () => {
	const states = (...transcripts: ClineMessage[][]) => transcripts.map((t) => detectAgentState(t).state)

	it("RUNNING -> STREAMING -> done -> RUNNING", () => {
		const task = say("text", "task")
		const request = apiRequest()
		const text = say("text", "Reading", { partial: true })
		const finished = { ...request, text: JSON.stringify({ request: "task", cost: 0.01 }) }
		const tool = say("text", "Reading the file.")
		expect(states([task], [task, request, text], [task, finished, tool])).toEqual([
			"running",
			"streaming",
			"running",
		])
	})

	it("WAITING_FOR_INPUT -> approved -> RUNNING", () => {
		const before = [finishedApiRequest(), ask("tool", "{}")]
		const after = [...before, say("user_feedback", "looks good"), apiRequest()]
		expect(states(before, after)).toEqual(["waiting_for_input", "streaming"])
	})

	it("IDLE -> newTask -> RUNNING", () => {
		expect(states([finishedApiRequest(), ask("completion_result")], [say("text", "new task")])).toEqual([
			"idle",
			"running",
		])
	})

	it("RESUMABLE -> resumed -> RUNNING", () => {
		const before = [finishedApiRequest(), ask("resume_task")]
		expect(states(before, [...before, apiRequest()])).toEqual(["resumable", "streaming"])
	})
})

describe("detectAgentState: every ask x partial x preceding message", () => {
	const preceding: Record<string, ClineMessage[]> = {
		nothing: [],
		"a finished request": [finishedApiRequest()],
		"a streaming request": [apiRequest()],
		"a text say": [finishedApiRequest(), say("text", "thinking out loud")],
		"a command_output ask": [finishedApiRequest(), ask("command_output", "")],
	}
	const expected: Record<ClineAsk, State> = {
		followup: "waiting_for_input",
		command: "waiting_for_input",
		tool: "waiting_for_input",
		browser_action_launch: "waiting_for_input",
		use_mcp_server: "waiting_for_input",
		command_output: "running",
		completion_result: "idle",
		api_req_failed: "idle",
		resume_completed_task: "idle",
		mistake_limit_reached: "idle",
		auto_approval_max_req_reached: "idle",
		budget_reached: "idle",
		resume_task: "resumable",
	}

	for (const kind of clineAsks) {
		for (const [before, messages] of Object.entries(preceding)) {
			it(`${kind}, final, after ${before}`, () => {
				const info = detectAgentState([...messages, ask(kind, "")])
				expect(info.state).toBe(expected[kind])
				expect(info.currentAsk).toBe(kind)
			})
			it(`${kind}, partial, after ${before}`, () => {
				const info = detectAgentState([...messages, ask(kind, "", { partial: true })])
				expect(info.state).toBe("streaming")
				expect(info.isWaitingForInput).toBe(false)
				expect(info.currentAsk).toBe(kind)
			})
		}
	}
})

describe("detectAgentState cost", () => {
	it("reads only the end of a long transcript, whatever its length", () => {
		const long = Array.from({ length: 100_000 }, (_, i) => say("text", `message ${i}`))
		long.push(finishedApiRequest(), say("text", "working"))
		const read = new Set<number>()
		const counting = new Proxy(long, {
			get(target, key, receiver) {
				if (typeof key === "string" && /^\d+$/.test(key)) read.add(Number(key))
				return Reflect.get(target, key, receiver)
			},
		})
		expect(detectAgentState(counting).state).toBe("running")
		expect(read.size).toBeLessThanOrEqual(3)
	})
})
