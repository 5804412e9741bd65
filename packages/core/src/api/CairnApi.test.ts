import { existsSync } from "node:fs"
import path from "node:path"
import type { RecordedRequest } from "@cairn/model-server"
import {
	autoApprovalSettingsSchema,
	type CairnAPIEvents,
	type CairnConfigurationPatch,
	type ClineSayTool,
} from "@cairn/types"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startApi, type ApiHarness } from "../test-support/apiHarness.js"
import type { CairnApi } from "./CairnApi.js"

const done = (result = "Done.") => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] })
/** A file worth summarizing: what it says takes more room than a one-line summary of it. */
const longNotes = Array.from({ length: 60 }, (_, i) => `- release 1.${i}: fixed issue #${100 + i}`).join("\n")
const followup = (question: string, answers: string[]) =>
	call("ask_followup_question", { question, follow_up: answers.map((text) => ({ text })) })

let harness: ApiHarness | undefined
afterEach(async () => {
	await harness?.agent.cleanup()
	harness = undefined
})

/** Resolves with the arguments of the next `event` (for which `accept` holds). */
function next<K extends keyof CairnAPIEvents>(
	api: CairnApi,
	event: K,
	accept: (...args: CairnAPIEvents[K]) => boolean = () => true,
): Promise<CairnAPIEvents[K]> {
	return new Promise((resolve) => {
		const listener = (...args: CairnAPIEvents[K]) => {
			if (!accept(...args)) return
			api.off(event, listener)
			resolve(args)
		}
		api.on(event, listener)
	})
}

const chats = (h: ApiHarness): RecordedRequest[] => h.agent.server.requests.filter((r) => r.route === "chat")
const offeredTools = (request: RecordedRequest | undefined): string[] =>
	((request?.body as { tools?: { function: { name: string } }[] } | undefined)?.tools ?? []).map(
		(tool) => tool.function.name,
	)

describe("the API object", () => {
	it("reports a subtask: spawned with both ids, the stack while it runs, the parent unpaused after it", async () => {
		harness = await startApi({
			provider: "openai",
			settings: { mode: "orchestrator", autoApproval: { enabled: true, alwaysAllowSubtasks: true } },
			scenario: [
				call("new_task", { mode: "code", message: "child job" }),
				done("child"),
				done("parent"),
			],
		})
		const { api } = harness
		const stacks: string[][] = []
		api.on("taskSpawned", () => void api.getCurrentTaskStack().then((stack) => stacks.push(stack)))
		const spawned = next(api, "taskSpawned")
		const parentId = await api.startNewTask({ text: "delegate" })
		const [parent, child] = await spawned
		expect(parent).toBe(parentId)
		const [unpaused] = await next(api, "taskUnpaused", (id) => id === parentId)
		expect(unpaused).toBe(parentId)
		await next(api, "taskCompleted", (id) => id === parentId)
		expect(stacks).toEqual([[parentId, child]])
		expect(await api.getCurrentTaskStack()).toEqual([parentId])
	})

	it("takes listeners before the agent is loaded, loads it on the first call, and they hear the task", async () => {
		harness = await startApi({ provider: "openai", scenario: [done()] })
		const { api } = harness
		expect(api.isReady()).toBe(false)
		const created: string[] = []
		api.on("taskCreated", (taskId) => created.push(taskId))
		const completed = next(api, "taskCompleted")
		const taskId = await api.startNewTask({ text: "finish" })
		expect(api.isReady()).toBe(true)
		expect(created).toEqual([taskId])
		const [completedId, tokens] = await completed
		expect(completedId).toBe(taskId)
		expect(tokens.totalTokensIn).toBeGreaterThan(0)
		expect(await api.getCurrentTaskStack()).toEqual([taskId])
		expect(await api.isTaskInHistory(taskId)).toBe(true)
		expect(await api.isTaskInHistory("no-such-task")).toBe(false)
	})

	it("a listener that throws (or rejects) is reported; the task and the other listeners go on", async () => {
		harness = await startApi({ provider: "openai", scenario: [done()] })
		const { api } = harness
		let heard = 0
		api.on("message", () => {
			throw new Error("a buggy listener")
		})
		api.on("message", async () => {
			throw new Error("a buggy async listener")
		})
		api.on("message", () => void heard++)
		const completed = next(api, "taskCompleted")
		await api.startNewTask({ text: "go" })
		await completed
		expect(heard).toBeGreaterThan(2)
		const reported = () => harness?.listenerErrors.map(({ event, error }) => `${event}: ${String(error)}`)
		expect(reported()).toContain("message: Error: a buggy listener")
		// A rejected promise is reported when it settles, a moment later.
		await expect.poll(reported).toContain("message: Error: a buggy async listener")
	})

	it("rejects bad input with an error naming the method and the field", async () => {
		harness = await startApi({ provider: "openai" })
		const { api } = harness
		await expect(api.startNewTask({ text: "" })).rejects.toThrow(/^startNewTask: text: a task needs text/)
		await expect(api.sendMessage("", ["file:///x.png"])).rejects.toThrow(/^sendMessage: 0: an image/)
		await expect(api.sendMessage("   ")).rejects.toThrow(/nothing to send/)
		await expect(api.resumeTask("../etc")).rejects.toThrow(/^resumeTask: /)
		await expect(api.resumeTask("no-such-task")).rejects.toThrow(/no task no-such-task/)
	})
})

describe("the buttons are the chat's buttons", () => {
	it("auto-approving read-only tools from a message listener (seed 002's pattern); a write is rejected", async () => {
		harness = await startApi({
			provider: "openai",
			files: { "a.txt": "alpha" },
			scenario: [
				call("read_file", { path: "a.txt" }),
				call("write_to_file", { path: "b.txt", content: "b" }),
				done(),
			],
		})
		const { api } = harness
		const readOnly = new Set<ClineSayTool["tool"]>([
			"readFile",
			"listFilesTopLevel",
			"listFilesRecursive",
			"searchFiles",
		])
		const approved: string[] = []
		api.on("message", ({ message }) => {
			if (message.type !== "ask" || message.ask !== "tool" || message.partial) return
			const tool = (JSON.parse(message.text ?? "{}") as ClineSayTool).tool
			if (!readOnly.has(tool)) return
			approved.push(tool)
			void api.pressPrimaryButton()
		})
		const writeAsk = next(
			api,
			"message",
			({ message }) =>
				message.ask === "tool" && !message.partial && message.text?.includes("b.txt") === true,
		)
		const completed = next(api, "taskCompleted")
		await api.startNewTask({ text: "read a, then write b" })
		await writeAsk
		expect(await api.pressSecondaryButton()).toBe(true)
		const [, , toolUsage] = await completed
		expect(approved).toEqual(["readFile"])
		expect(toolUsage.read_file).toEqual({ attempts: 1, failures: 0 })
		expect(existsSync(path.join(harness.agent.workspace, "b.txt"))).toBe(false)
		expect(JSON.stringify(chats(harness)[1]?.body)).toContain("alpha")
	})

	it("there is no button to press without an ask; at a result only the primary one (Start New Task)", async () => {
		harness = await startApi({ provider: "openai", scenario: [done()] })
		const { api } = harness
		expect(await api.pressPrimaryButton()).toBe(false)
		expect(await api.pressSecondaryButton()).toBe(false)
		const idle = next(api, "taskIdle")
		await api.startNewTask({ text: "go" })
		await idle
		// completion_result: primary is Start New Task (clearTask), there is no secondary.
		expect(await api.pressSecondaryButton()).toBe(false)
		expect(await api.pressPrimaryButton()).toBe(true)
		expect(await api.getCurrentTaskStack()).toEqual([])
	})
})

describe("sendMessage sends as the chat box does", () => {
	it("starts a task, answers a question, and text sent while the agent works answers the next ask that takes it", async () => {
		harness = await startApi({
			provider: "openai",
			scenario: [
				followup("Which database?", ["SQLite", "Postgres"]),
				{ text: "Setting it up slowly.", textChunks: 10, chunkDelayMs: 30, ...done("Set up.") },
				done("Also done."),
			],
		})
		const { api } = harness
		const interactive = next(api, "taskInteractive")
		await api.sendMessage("set up the database")
		await interactive
		const streaming = next(
			api,
			"message",
			({ message }) => message.say === "text" && message.partial === true,
		)
		await api.sendMessage("Postgres")
		await streaming
		let completions = 0
		api.on("taskCompleted", () => void completions++)
		await api.sendMessage("and add an index")
		// Delivered at the completion as feedback, so the task goes on to a second result.
		await expect.poll(() => completions, { timeout: 10_000 }).toBe(2)
		expect(JSON.stringify(chats(harness)[1]?.body)).toContain("Postgres")
		expect(JSON.stringify(chats(harness)[2]?.body)).toContain("and add an index")
	})

	it("is refused where only a button answers (a failed request), and the button retries", async () => {
		harness = await startApi({
			provider: "openai",
			settings: { requestRetries: 0 },
			scenario: [{ error: { status: 400, message: "bad request" } }, done()],
		})
		const { api } = harness
		const failed = next(api, "taskIdle")
		await api.startNewTask({ text: "go" })
		await failed
		await expect(api.sendMessage("please")).rejects.toThrow(/takes no text; use pressPrimaryButton/)
		const completed = next(api, "taskCompleted")
		expect(await api.pressPrimaryButton()).toBe(true)
		await completed
	})
})

describe("tasks: cancel, clear, resume", () => {
	it("cancel aborts (resumable), clear leaves no task, resumeTask reopens it and Resume finishes it", async () => {
		harness = await startApi({
			provider: "openai",
			scenario: [
				{ text: "a slow answer", textChunks: 40, chunkDelayMs: 50, ...done() },
				done("Resumed."),
			],
		})
		const { api } = harness
		const streaming = next(
			api,
			"message",
			({ message }) => message.partial === true && message.say === "text",
		)
		const taskId = await api.startNewTask({ text: "talk" })
		await streaming
		const order: string[] = []
		for (const name of ["taskAborted", "taskPaused", "taskResumable"] as const)
			api.on(name, () => order.push(name))
		const resumable = next(api, "taskResumable")
		await api.cancelCurrentTask()
		await resumable
		expect(order).toEqual(["taskAborted", "taskPaused", "taskResumable"])
		await api.clearCurrentTask()
		expect(await api.getCurrentTaskStack()).toEqual([])
		expect(await api.isTaskInHistory(taskId)).toBe(true)

		const offered = next(api, "taskResumable")
		await api.resumeTask(taskId)
		await offered
		expect(await api.getCurrentTaskStack()).toEqual([taskId])
		const completed = next(api, "taskCompleted")
		expect(await api.pressPrimaryButton()).toBe(true)
		expect((await completed)[0]).toBe(taskId)
	})
})

describe("condenseTaskContext", () => {
	it("rejects, naming the method, when there is no current task", async () => {
		harness = await startApi({ provider: "openai" })
		await expect(harness.api.condenseTaskContext()).rejects.toThrow(
			/^condenseTaskContext: there is no current task to condense$/,
		)
		expect(chats(harness)).toEqual([])
	})

	it("condenses the current task with one summarization request and resolves once its row shows", async () => {
		const summary = "Read notes.md: release notes, nothing to change."
		harness = await startApi({
			provider: "openai",
			files: { "notes.md": longNotes },
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [
				call("read_file", { path: "notes.md" }),
				done("Read them."),
				{ text: summary },
				done("Version 1.59 is the latest."),
			],
		})
		const { api, agent } = harness
		const idle = next(api, "taskIdle")
		await api.startNewTask({ text: "read the notes" })
		await idle
		await api.condenseTaskContext()
		expect(chats(harness)).toHaveLength(3)
		// The summarization request carries the part of the conversation it replaces.
		expect(JSON.stringify(chats(harness)[2]?.body)).toContain("release 1.0")
		const row = agent.controller.currentTask?.messages.findLast((m) => m.say === "condense_context")
		expect(row?.contextCondense?.summary).toBe(summary)
		// The task is still at its result: a message continues it, from the summary.
		const completed = next(api, "taskCompleted")
		await api.sendMessage("which version is the latest?")
		await completed
		const after = JSON.stringify(chats(harness)[3]?.body)
		expect(after).toContain(summary)
		expect(after).toContain("which version is the latest?")
		expect(after).not.toContain("release 1.0:")
	})
})

describe("configuration", () => {
	it("setConfiguration validates everything before changing anything", async () => {
		harness = await startApi({ provider: "openai", withoutProvider: true })
		const { api } = harness
		const before = await api.getConfiguration()
		await expect(api.setConfiguration({ mode: "ask", mdoe: "x" } as never)).rejects.toThrow(
			/^setConfiguration: \(root\): Unrecognized key: "mdoe"/,
		)
		await expect(api.setConfiguration({ apiKey: "k" })).rejects.toThrow(/apiKey is a trust setting/)
		expect(await api.getConfiguration()).toEqual(before)
		const copy = await api.getConfiguration()
		copy.mode = "changed by the caller"
		expect((await api.getConfiguration()).mode).toBe(before.mode)
	})

	it("where the person let programs change trust settings, a task started with a configuration uses its provider settings", async () => {
		harness = await startApi({
			provider: "openai",
			withoutProvider: true,
			scenario: [done()],
			mayChangeTrust: true,
		})
		const { api, agent } = harness
		await expect(api.startNewTask({ text: "go" })).rejects.toThrow(/No model provider is configured/)
		const completed = next(api, "taskCompleted")
		await api.startNewTask({
			text: "go",
			configuration: {
				provider: {
					provider: "openai",
					modelId: "gpt-4.1-mini",
					baseUrl: agent.server.openaiBaseURL,
				},
				apiKey: "key-from-the-api",
			},
		})
		await completed
		const request = chats(harness)[0]
		expect(request?.body).toMatchObject({ model: "gpt-4.1-mini" })
		expect(request?.headers.authorization).toBe("Bearer key-from-the-api")
		expect((await api.getConfiguration()).provider?.modelId).toBe("gpt-4.1-mini")
	})
})

describe("trust settings through the API", () => {
	const endpoint = { provider: "openai", modelId: "gpt-4.1", baseUrl: "http://127.0.0.1:9/v1" } as const
	const hook = {
		matcher: "",
		hooks: [{ type: "command" as const, command: "touch /tmp/owned", timeout: 5 }],
	}
	const trustPatches: [string, CairnConfigurationPatch][] = [
		["commandSandbox", { commandSandbox: false }],
		["commandSandboxNetwork", { commandSandboxNetwork: true }],
		...Object.keys(autoApprovalSettingsSchema.shape).map((field): [string, CairnConfigurationPatch] => [
			`autoApproval.${field}`,
			{
				autoApproval: {
					[field]: field === "followupTimeoutMs" ? 1000 : field.startsWith("max") ? 1 : true,
				},
			},
		]),
		["allowedCommands", { allowedCommands: ["*"] }],
		["deniedCommands", { deniedCommands: [] }],
		["hooks", { hooks: { PreToolUse: [hook], PostToolUse: [] } }],
		["browserExecutablePath", { browserExecutablePath: "/tmp/not-chromium" }],
		["condensingProvider", { condensingProvider: endpoint }],
		["modeProviders", { modeProviders: { code: endpoint } }],
		[
			"codebaseIndex.embedding",
			{ codebaseIndex: { embedding: { provider: "openai", modelId: "e", baseUrl: endpoint.baseUrl } } },
		],
		[
			"provider.baseUrl",
			{ provider: { provider: "openai", modelId: "gpt-4.1", baseUrl: endpoint.baseUrl } },
		],
		["apiKey", { apiKey: "sk-elsewhere" }],
	]

	it.each(trustPatches)(
		"setConfiguration refuses %s, naming it, and changes nothing of the patch",
		async (name, patch) => {
			harness = await startApi({ provider: "openai" })
			const { api, agent } = harness
			const before = await api.getConfiguration()
			const keyBefore = await agent.controller.settingsStore.currentApiKey()
			const refusal = new RegExp(
				`${name.replace(/\./g, "\\.")} is a trust setting.*Nothing was changed`,
			)
			// An everyday setting beside it is not applied either: all or nothing.
			await expect(api.setConfiguration({ ...patch, mode: "ask" })).rejects.toThrow(refusal)
			await expect(api.startNewTask({ text: "go", configuration: patch })).rejects.toThrow(refusal)
			expect(await api.getConfiguration()).toEqual(before)
			expect(await agent.controller.settingsStore.currentApiKey()).toBe(keyBefore)
			expect(await api.getCurrentTaskStack()).toEqual([])
		},
	)

	it("everyday settings and another model on the same endpoint are set as before", async () => {
		harness = await startApi({ provider: "openai" })
		const { api } = harness
		const { provider } = await api.getConfiguration()
		await api.setConfiguration({
			mode: "ask",
			requestRetries: 2,
			customInstructions: "Be brief.",
			provider: { ...provider!, modelId: "gpt-4.1-mini" },
		})
		expect(await api.getConfiguration()).toMatchObject({
			mode: "ask",
			requestRetries: 2,
			customInstructions: "Be brief.",
			provider: { ...provider, modelId: "gpt-4.1-mini" },
		})
	})
})

describe("taskModeSwitched", () => {
	it("switching the mode during a task switches the task: the event, then the next request offers that mode's tools", async () => {
		harness = await startApi({ provider: "openai", scenario: [followup("Go on?", ["yes"]), done()] })
		const { api, agent } = harness
		const interactive = next(api, "taskInteractive")
		const taskId = await api.startNewTask({ text: "plan" })
		await interactive
		expect(offeredTools(chats(harness)[0])).toContain("write_to_file")
		const switched = next(api, "taskModeSwitched")
		await agent.send({ type: "mode", mode: "ask" })
		expect(await switched).toEqual([taskId, "ask"])
		const completed = next(api, "taskCompleted")
		await api.sendMessage("yes")
		await completed
		expect(offeredTools(chats(harness)[1])).not.toContain("write_to_file")
		expect(offeredTools(chats(harness)[1])).toContain("read_file")
		await agent.controller.flush()
		expect(agent.controller.historyItem(taskId)?.mode).toBe("ask")
	})
})

describe("checkpoints", () => {
	const edit = (content: string) => call("write_to_file", { path: "app.ts", content })
	const editing = (scenario: object[]) =>
		startApi({
			provider: "openai",
			files: { "app.ts": "v1\n" },
			settings: { autoApproval: { enabled: true, write: true }, enableCheckpoints: true },
			scenario,
		})

	it("lists the current task's checkpoints, shows the diff since one, restores the files to it", async () => {
		harness = await editing([edit("v2\n"), done()])
		const { api, agent } = harness
		const completed = next(api, "taskCompleted")
		await api.startNewTask({ text: "edit app.ts" })
		await completed
		const checkpoints = await api.getCheckpoints()
		expect(checkpoints.map((c) => c.reason)).toEqual(["taskStart", "beforeChange"])
		const before = checkpoints[1]!
		const diff = await api.getCheckpointDiff({ ts: before.ts, since: "checkpoint" })
		expect(diff).toMatchObject({ from: before.id, files: [{ path: "app.ts", change: "modified" }] })
		expect(diff.patch).toContain("-v1\n+v2")
		await api.restoreCheckpoint({ ts: before.ts, mode: "files" })
		expect(await agent.read("app.ts")).toBe("v1\n")
		expect((await api.getCheckpoints()).at(-1)).toMatchObject({
			reason: "beforeRestore",
			restoredTo: before.id,
		})
	})

	it("lists the MCP servers and the config's problems", async () => {
		harness = await startApi({
			provider: "openai",
			scenario: [],
			mcp: { global: { mcpServers: { broken: { command: 42 } } } },
		})
		const { api } = harness
		await vi.waitFor(async () => expect((await api.getMcpServers()).problems).not.toEqual([]), {
			timeout: 10_000,
		})
		expect((await api.getMcpServers()).problems).toContainEqual(
			expect.objectContaining({ source: "global", server: "broken", field: "command" }),
		)
	})

	it("edits the task's first message: the task runs again with the new text", async () => {
		harness = await editing([edit("v2\n"), done(), edit("v3\n"), done("again")])
		const { api, agent } = harness
		const first = next(api, "taskCompleted")
		await api.startNewTask({ text: "write v2" })
		await first
		const again = next(api, "taskCompleted")
		const [task] = agent.controller.currentTask!.messages
		await api.editMessage({ ts: task!.ts, text: "write v3", restoreFiles: true })
		await again
		expect(await agent.read("app.ts")).toBe("v3\n")
		expect(agent.controller.currentTask?.messages[0]?.text).toBe("write v3")
	})

	it("rejects, naming the method, options a client could not send, and a row that is not a checkpoint", async () => {
		harness = await editing([edit("v2\n"), done()])
		const { api } = harness
		const completed = next(api, "taskCompleted")
		await api.startNewTask({ text: "edit app.ts" })
		await completed
		await expect(api.restoreCheckpoint({ ts: -1, mode: "files" })).rejects.toThrow(/^restoreCheckpoint: /)
		await expect(
			api.restoreCheckpoint({ ts: 1, mode: "everything" } as unknown as { ts: number; mode: "files" }),
		).rejects.toThrow(/^restoreCheckpoint: /)
		await expect(api.deleteMessage({ ts: 1, restoreFiles: false })).rejects.toThrow(
			"That message is not one of yours that can be edited or deleted.",
		)
		expect(await harness.agent.read("app.ts")).toBe("v2\n")
	})
})
