import type { ClineSayHook } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { resultText } from "../tools/support/toolResults.js"
import { HookEngine, type ToolExecution } from "./hookEngine.js"
import type { HookRun, PreToolVerdict, ToolCall, ToolHook, ToolRunOutcome } from "./toolHook.js"

// The engine's contract with hooks, with small hooks written for each case.

const call: ToolCall = { id: "toolu_1", name: "write_to_file", input: { path: "a.ts", content: "x" } }

function harness() {
	const rows: ClineSayHook[] = []
	const order: string[] = []
	const run: HookRun = {
		taskId: "task",
		modelId: "model",
		signal: new AbortController().signal,
		ask: async () => ({ approved: true }),
		show: (row) => rows.push(row),
	}
	const hook = (name: string, verdict: PreToolVerdict | (() => Promise<PreToolVerdict>)): ToolHook => ({
		name,
		async before() {
			order.push(name)
			return typeof verdict === "function" ? verdict() : verdict
		},
	})
	const tool =
		(execution: ToolExecution = { result: { content: "written" }, rejected: false }) =>
		async () => {
			order.push("tool")
			return execution
		}
	return { rows, order, run, hook, tool }
}

describe("the hook engine", () => {
	it("runs the tool between the hooks and puts injected context around its result", async () => {
		const { rows, order, run, hook, tool } = harness()
		const seen: ToolRunOutcome[] = []
		const engine = new HookEngine(async () => [
			hook("first", { context: { text: "before" } }),
			hook("second", {
				after: async (outcome) => {
					order.push("after")
					seen.push(outcome)
					return { text: "after" }
				},
			}),
		])
		const hooked = await engine.run(call, run, tool())
		expect(order).toEqual(["first", "second", "tool", "after"])
		expect(hooked.kind === "ran" && resultText(hooked.result)).toBe("before\nwritten\nafter")
		expect(seen).toEqual([{ result: { content: "written" }, rejected: false, cancelled: false }])
		expect(rows).toEqual([
			{ kind: "context", hook: "first", toolName: "write_to_file", context: "before" },
			{ kind: "context", hook: "second", toolName: "write_to_file", context: "after" },
		])
	})

	it("stops at the first block: later hooks and the tool do not run", async () => {
		const { rows, order, run, hook, tool } = harness()
		const engine = new HookEngine(async () => [
			hook("guard", { block: { reason: "not today", error: { error: "nope" } } }),
			hook("later", {}),
		])
		expect(await engine.run(call, run, tool())).toEqual({
			kind: "blocked",
			hook: "guard",
			block: { reason: "not today", error: { error: "nope" } },
		})
		expect(order).toEqual(["guard"])
		expect(rows).toEqual([
			{ kind: "blocked", hook: "guard", toolName: "write_to_file", reason: "not today" },
		])
	})

	it("shows no blocked row when the person said no: their answer is the record", async () => {
		const { rows, run, hook, tool } = harness()
		const engine = new HookEngine(async () => [
			hook("scope", { block: { reason: "outside", error: {}, byPerson: true } }),
		])
		expect((await engine.run(call, run, tool())).kind).toBe("blocked")
		expect(rows).toEqual([])
	})

	it("blocks the call when a hook throws: a guard that cannot decide lets nothing through", async () => {
		const { order, run, hook, tool } = harness()
		const engine = new HookEngine(async () => [
			hook("broken", async () => {
				throw new Error("disk on fire")
			}),
		])
		const hooked = await engine.run(call, run, tool())
		expect(hooked).toMatchObject({
			kind: "blocked",
			block: { error: { error: "hook_failed", hook: "broken", message: "disk on fire" } },
		})
		expect(order).toEqual(["broken"])
	})

	it("shows a post-tool part that fails and keeps the result", async () => {
		const { rows, run, hook, tool } = harness()
		const engine = new HookEngine(async () => [
			hook("post", {
				after: async () => {
					throw new Error("formatter crashed")
				},
			}),
		])
		const hooked = await engine.run(call, run, tool())
		expect(hooked.kind === "ran" && resultText(hooked.result)).toBe("written")
		expect(rows).toEqual([
			{ kind: "failed", hook: "post", toolName: "write_to_file", error: "formatter crashed" },
		])
	})

	it("runs post-tool parts when the tool throws, then lets the error through", async () => {
		const { run, hook } = harness()
		const seen: ToolRunOutcome[] = []
		const engine = new HookEngine(async () => [
			hook("trace", {
				after: async (outcome) => {
					seen.push(outcome)
					return undefined
				},
			}),
		])
		await expect(
			engine.run(call, run, async () => {
				throw new Error("tool broke")
			}),
		).rejects.toThrow("tool broke")
		expect(seen).toEqual([{ rejected: false, cancelled: false }])
	})

	it("tells post-tool parts that the person rejected the tool's own approval", async () => {
		const { run, hook, tool } = harness()
		const seen: boolean[] = []
		const engine = new HookEngine(async () => [
			hook("trace", {
				after: async (outcome) => {
					seen.push(outcome.rejected)
					return undefined
				},
			}),
		])
		const hooked = await engine.run(
			call,
			run,
			tool({ result: { content: "denied", isError: true }, rejected: true }),
		)
		expect(hooked).toMatchObject({ kind: "ran", rejected: true })
		expect(seen).toEqual([true])
	})
})
