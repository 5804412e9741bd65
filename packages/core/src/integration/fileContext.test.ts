import { rm, writeFile } from "node:fs/promises"
import path from "node:path"
import type { RecordedRequest, ScriptedTurn } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type ServedProvider } from "../test-support/agentHarness.js"

// Issue 14, "files in context": the model is told, in the next request's environment details,
// which files it read or edited were changed since by someone else, so it does not edit from a
// stale copy; Cairn's own edits are not news.

const heading = "# Files changed since you read them"
const providers: ServedProvider[] = ["anthropic", "openai", "ollama"]
const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
	toolCalls: [{ name, arguments: args }],
})
const readFile = (file: string) => call("read_file", { path: file })
const listFiles = call("list_files", { path: "." })
const done = (result = "Done.") => call("attempt_completion", { result })
const readsAutomatically = { autoApproval: { enabled: true, readOnly: true } }

const chatRequests = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")

function detailsBlocks(request: RecordedRequest | undefined): string[] {
	const body = JSON.stringify(request?.body ?? {})
	return [...body.matchAll(/<environment_details>(.*?)<\/environment_details>/g)].map(
		(match) => JSON.parse(`"${match[1]}"`) as string,
	)
}

/**
 * The environment details of the turn request `index` sends: a block more than the request before
 * carried ("" when the turn sent none, nothing in them having changed).
 */
function environmentDetails(requests: readonly RecordedRequest[], index: number): string {
	const blocks = detailsBlocks(requests[index])
	return blocks.length > detailsBlocks(requests[index - 1]).length ? (blocks.at(-1) ?? "") : ""
}

/** The section's lines that name files, as the model reads them. */
function namedFiles(details: string): string[] {
	const start = details.indexOf(heading)
	if (start < 0) return []
	const section = details.slice(start).split("\n\n")[0] ?? ""
	return section.split("\n").filter((line) => / \((changed|deleted)\)$/.test(line))
}

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe.each(providers)("files in context over %s", (provider) => {
	it("names a file a command changed after the model read it, in the next request only", async () => {
		agent = await startAgent({
			provider,
			settings: readsAutomatically,
			files: { "notes.txt": "first draft\n" },
			scenario: [
				readFile("notes.txt"),
				call("execute_command", { command: "echo rewritten > notes.txt" }),
				listFiles,
				done(),
			],
		})
		await agent.send({ type: "newTask", text: "tidy the notes" })
		await agent.client.waitForAsk("command")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")

		const requests = chatRequests(agent)
		expect(requests).toHaveLength(4)
		expect(namedFiles(environmentDetails(requests, 1))).toEqual([])
		const afterCommand = environmentDetails(requests, 2)
		expect(namedFiles(afterCommand)).toEqual(["notes.txt (changed)"])
		expect(afterCommand).toContain("Read a changed file again before you edit it")
		expect(environmentDetails(requests, 3)).not.toContain(heading)
	})
})

describe("files in context", () => {
	it("does not name a file after Cairn's own edits of it", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, readOnly: true, write: true } },
			files: { "app.js": "let port = 80\n" },
			scenario: [
				readFile("app.js"),
				call("search_and_replace", { path: "app.js", search: "80", replace: "8080" }),
				call("write_to_file", { path: "app.js", content: "const port = 8080\n" }),
				listFiles,
				done(),
			],
		})
		await agent.send({ type: "newTask", text: "change the port" })
		await agent.client.waitForAsk("completion_result")

		expect(await agent.read("app.js")).toBe("const port = 8080\n")
		const requests = chatRequests(agent)
		expect(requests).toHaveLength(5)
		for (const index of requests.keys())
			expect(environmentDetails(requests, index)).not.toContain(heading)
	})

	it("names files the person changed or deleted between two requests", async () => {
		let workspace = ""
		agent = await startAgent({
			provider: "anthropic",
			settings: readsAutomatically,
			files: { "a.txt": "a\n", "b.txt": "b\n", "untouched.txt": "u\n" },
			scenario: [
				readFile("a.txt"),
				readFile("b.txt"),
				readFile("untouched.txt"),
				// While the model "thinks", the person edits one file and deletes another.
				async () => {
					await writeFile(path.join(workspace, "a.txt"), "A\n")
					await rm(path.join(workspace, "b.txt"))
					return listFiles
				},
				done(),
			],
		})
		workspace = agent.workspace
		await agent.send({ type: "newTask", text: "look at the files" })
		await agent.client.waitForAsk("completion_result")

		const requests = chatRequests(agent)
		expect(namedFiles(environmentDetails(requests, 3))).toEqual([])
		expect(namedFiles(environmentDetails(requests, 4))).toEqual(["a.txt (changed)", "b.txt (deleted)"])
	})

	it("tells a task resumed after a restart which of its files changed while it was closed", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: readsAutomatically,
			files: { "notes.txt": "first draft\n", "other.txt": "stays\n" },
			scenario: [readFile("notes.txt"), readFile("other.txt"), done("First."), done("Second.")],
		})
		await agent.send({ type: "newTask", text: "read the notes" })
		await agent.client.waitForAsk("completion_result")
		const taskId = agent.controller.currentTask?.taskId ?? ""
		await agent.restart()

		await writeFile(path.join(agent.workspace, "notes.txt"), "edited while Cairn was closed\n")
		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_completed_task")
		await agent.send({ type: "askResponse", askResponse: "messageResponse", text: "one more thing" })
		await agent.client.waitFor(
			(m) => m.says("completion_result").at(-1)?.text === "Second.",
			"the second result",
		)
		const requests = chatRequests(agent)
		expect(JSON.stringify(requests.at(-1)?.body)).toContain("one more thing")
		expect(namedFiles(environmentDetails(requests, requests.length - 1))).toEqual(["notes.txt (changed)"])
	})
})
