import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import type { RecordedRequest } from "@cairn/model-server"
import type { CairnAPIEvents, ExtensionMessageOf } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import type { CairnApi } from "../api/CairnApi.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { startApi, type ApiHarness } from "../test-support/apiHarness.js"

// Slash commands against the model server: what the person sends is expanded (or acted on) in
// the Controller, so the request the model receives is what the assertions read.

const done = (result = "Done.") => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })
const reviewFile = [
	"---",
	"description: Review a file for bugs",
	"argument-hint: <file>",
	"---",
	"Review $ARGUMENTS for bugs and say what you found.",
].join("\n")

const chat = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")
/** The text of the last user message of an Anthropic request. */
function lastUserText(request: RecordedRequest | undefined): string {
	const messages = (request?.body as { messages?: { role: string; content: unknown }[] } | undefined)
		?.messages
	const last = messages?.filter((m) => m.role === "user").at(-1)
	return typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "")
}
const toolsOffered = (request: RecordedRequest | undefined): string[] =>
	((request?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((t) => t.name)

async function writeGlobalCommand(agent: AgentHarness, name: string, text: string): Promise<void> {
	const folder = path.join(agent.controller.host.storageDir, "settings", "commands")
	await mkdir(folder, { recursive: true })
	await writeFile(path.join(folder, name), text)
}

let agent: AgentHarness | undefined
let apiHarness: ApiHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	await apiHarness?.agent.cleanup()
	agent = apiHarness = undefined
})

describe("slash commands", () => {
	it("a project command starts a task: the model receives its prompt with the argument; the history lists it as typed", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { ".cairn/commands/review.md": reviewFile },
			scenario: [done()],
		})
		await writeGlobalCommand(agent, "review.md", "The person's own review, hidden by the workspace's.")
		await agent.send({ type: "newTask", text: "/review src/app.ts" })
		await agent.client.waitForAsk("completion_result")
		const sent = lastUserText(chat(agent)[0])
		expect(sent).toContain(
			'<command name=\\"review\\" source=\\".cairn/commands/review.md\\">\\nReview src/app.ts for bugs and say what you found.\\n</command>',
		)
		expect(sent).not.toContain("The person's own review")
		expect(agent.controller.historyItem(agent.client.taskId ?? "")?.task).toBe("/review src/app.ts")
	})

	it("an answer with the person's global command expands; an unknown /word and a path go as typed", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [done(), done(), done()] })
		await writeGlobalCommand(agent, "explain.md", "---\ndescription: Explain\n---\nExplain it simply.")
		await agent.send({ type: "newTask", text: "/usr/bin/env is odd" })
		await agent.client.waitForAsk("completion_result")
		expect(lastUserText(chat(agent)[0])).toContain("/usr/bin/env is odd")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "/explain the parser" })
		await agent.client.waitFor(() => chat(agent!).length === 2, "the second request")
		const second = lastUserText(chat(agent)[1])
		expect(second).toContain('<command name=\\"explain\\"')
		expect(second).toContain("Explain it simply.\\n</command>\\nthe parser")
		await agent.client.waitForAsk("completion_result")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "/nothing like this" })
		await agent.client.waitFor(() => chat(agent!).length === 3, "the third request")
		expect(lastUserText(chat(agent)[2])).toContain("/nothing like this")
	})

	it("/mode switches the mode and sends the text after the slug in it; an unknown mode is refused", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { mode: "code" },
			scenario: [done(), done()],
		})
		await agent.send({ type: "newTask", text: "/mode poet write verse" })
		expect(agent.client.received.at(-1)).toMatchObject({
			type: "error",
			error: expect.stringContaining('There is no mode "poet"'),
		})
		expect(chat(agent)).toHaveLength(0)
		await agent.send({ type: "newTask", text: "/mode architect" })
		expect(agent.controller.settingsStore.settings.mode).toBe("architect")
		expect(agent.controller.currentTask).toBeUndefined()
		await agent.send({ type: "newTask", text: "/mode code plan\nthen build" })
		await agent.client.waitForAsk("completion_result")
		expect(lastUserText(chat(agent)[0])).toContain("plan\\nthen build")
		expect(toolsOffered(chat(agent)[0])).toContain("execute_command")
		// While a task waits for an answer, /mode switches it too.
		await agent.send({
			type: "askResponse",
			askResponse: "messageResponse",
			text: "/mode architect now plan",
		})
		await agent.client.waitFor(() => chat(agent!).length === 2, "the second request")
		expect(toolsOffered(chat(agent)[1])).not.toContain("execute_command")
		expect(lastUserText(chat(agent)[1])).toContain("now plan")
	})

	it("/new with text starts a new task; alone, it ends the current one", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [done(), done()] })
		await agent.send({ type: "newTask", text: "first" })
		await agent.client.waitForAsk("completion_result")
		const first = agent.client.taskId
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "/new second" })
		await agent.client.waitForAsk("completion_result")
		expect(agent.client.taskId).not.toBe(first)
		expect(lastUserText(chat(agent)[1])).toContain("<task>\\nsecond\\n</task>")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "/new" })
		expect(agent.controller.currentTask).toBeUndefined()
		expect(chat(agent)).toHaveLength(2)
	})

	it("text with an Approve is feedback: a built-in's name is not acted on", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "a.txt", content: "a\n" } }] },
				done(),
			],
		})
		await agent.send({ type: "newTask", text: "write a.txt" })
		await agent.client.waitForAsk("tool")
		await agent.press("primary", "/new looks fine")
		await agent.client.waitForAsk("completion_result")
		expect(JSON.stringify(chat(agent)[1]?.body)).toContain("/new looks fine")
	})

	it("the client gets the commands on launch and when it asks, with the command files' problems", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { ".cairn/commands/review.md": reviewFile, ".cairn/commands/condense.md": "Mine." },
		})
		await agent.send({ type: "webviewDidLaunch" })
		const launched = agent.client.received.findLast((m) => m.type === "slashCommands") as
			ExtensionMessageOf<"slashCommands"> | undefined
		expect(launched?.commands.map((c) => `${c.source}:${c.name}`)).toEqual([
			"builtin:new",
			"builtin:mode",
			"builtin:condense",
			"project:review",
		])
		expect(launched?.problems).toEqual([
			{
				file: ".cairn/commands/condense.md",
				kind: "built_in_name",
				params: { name: "condense" },
				text: ".cairn/commands/condense.md: /condense is a built-in command, which a command file may not replace; rename the file",
			},
		])
		await writeFile(path.join(agent.workspace, ".cairn/commands/test.md"), "Run the tests.")
		await agent.send({ type: "requestSlashCommands" })
		const asked = agent.client.received.at(-1) as ExtensionMessageOf<"slashCommands">
		expect(asked.commands.map((c) => c.name)).toContain("test")
	})
})

/** Resolves with the arguments of the next `event`. */
function next<K extends keyof CairnAPIEvents>(api: CairnApi, event: K): Promise<CairnAPIEvents[K]> {
	return new Promise((resolve) => {
		const listener = (...args: CairnAPIEvents[K]) => {
			api.off(event, listener)
			resolve(args)
		}
		api.on(event, listener)
	})
}

describe("slash commands through the public API", () => {
	const longNotes = Array.from({ length: 60 }, (_, i) => `- release 1.${i}: fixed issue #${100 + i}`).join(
		"\n",
	)

	it("/condense condenses the running task, then sends the text after it", async () => {
		const summary = "Read notes.md: release notes."
		apiHarness = await startApi({
			provider: "openai",
			files: { "notes.md": longNotes },
			settings: { autoApproval: { enabled: true, readOnly: true } },
			scenario: [
				{ toolCalls: [{ name: "read_file", arguments: { path: "notes.md" } }] },
				done("Read them."),
				{ text: summary },
				done("1.59."),
			],
		})
		const { api, agent: inner } = apiHarness
		const idle = next(api, "taskIdle")
		await api.startNewTask({ text: "read the notes" })
		await idle
		const completed = next(api, "taskCompleted")
		await api.sendMessage("/condense which version is the latest?")
		await completed
		const chats = inner.server.requests.filter((r) => r.route === "chat")
		expect(JSON.stringify(chats[2]?.body)).toContain("release 1.0")
		const after = JSON.stringify(chats[3]?.body)
		expect(after).toContain(summary)
		expect(after).toContain("which version is the latest?")
		expect(after).not.toContain("/condense")
	})

	it("startNewTask expands a command, and says so when a command started no task", async () => {
		apiHarness = await startApi({
			provider: "openai",
			files: { ".cairn/commands/review.md": reviewFile },
			scenario: [done()],
		})
		const { api, agent: inner } = apiHarness
		await expect(api.startNewTask({ text: "/mode ask" })).rejects.toThrow(
			/^startNewTask: "\/mode ask" started no task/,
		)
		const completed = next(api, "taskCompleted")
		await api.startNewTask({ text: "/review lib.ts" })
		await completed
		const body = JSON.stringify(inner.server.requests.find((r) => r.route === "chat")?.body)
		expect(body).toContain("Review lib.ts for bugs and say what you found.")
	})
})
