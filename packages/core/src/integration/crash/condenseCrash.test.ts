import { spawn } from "node:child_process"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { startModelServer, type ModelServer, type TurnFunction } from "@cairn/model-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { summarizationMarker } from "../../context/summarizeConversation.js"
import { Controller } from "../../controller/Controller.js"
import { NodeHost } from "../../host/node/NodeHost.js"
import { buildProvider } from "../../providers/buildProvider.js"
import { ClientMirror } from "../../test-support/agentHarness.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { coreTools, toolSpecs } from "../../tools/registry.js"
import { bundleChild } from "./bundleChild.js"

// SIGKILL right after a condense, then resume in another process: the request sent after the
// resume is the condensed one (task, summary, recent turns), not the whole history.

const summaryText = "SUMMARY: big.ts was read many times and never changed."
const bigFile = Array.from(
	{ length: 1_500 },
	(_, i) => `export const value${i} = ${i} * 31 + ${i % 11}`,
).join("\n")

const model: TurnFunction = ({ request }) =>
	JSON.stringify(request.body).includes("TASK RESUMPTION")
		? { toolCalls: [{ name: "attempt_completion", arguments: { result: "Resumed and finished." } }] }
		: { toolCalls: [{ name: "read_file", arguments: { path: "big.ts" } }] }

let server: ModelServer
let temp: { dir: string; remove(): Promise<void> }
let childBundle: string

beforeAll(async () => {
	childBundle = await bundleChild("condenseChild.ts", "condense-child")
	server = await startModelServer({
		scenario: Array.from({ length: 500 }, () => model),
		contextWindow: 16_000,
		sideTurns: [{ when: { systemIncludes: summarizationMarker }, turn: { text: summaryText } }],
		lifetimeMs: 170_000,
	})
	temp = await makeTempDir("cairn-condense-crash-")
}, 60_000)

afterAll(async () => {
	await server?.close()
	await temp?.remove()
})

/** Runs the child until its first condense is final, SIGKILLs it, and returns the task id. */
function runUntilCondensedThenKill(workspace: string, storage: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [childBundle], {
			env: {
				...process.env,
				CRASH_WORKSPACE: workspace,
				CRASH_STORAGE: storage,
				CRASH_BASE_URL: server.openaiBaseURL,
			},
			stdio: ["ignore", "pipe", "inherit"],
		})
		let taskId: string | undefined
		let buffered = ""
		child.stdout.on("data", (chunk: Buffer) => {
			buffered += chunk.toString()
			const lines = buffered.split("\n")
			buffered = lines.pop() ?? ""
			for (const line of lines) {
				if (line.startsWith("started ")) taskId = line.slice("started ".length)
				if (line === 'final {"kind":"condense_context"}') child.kill("SIGKILL")
			}
		})
		child.on("exit", (_code, signal) => {
			if (signal === "SIGKILL" && taskId !== undefined) resolve(taskId)
			else reject(new Error(`the child ended without a condense (signal ${String(signal)})`))
		})
	})
}

describe("a condensed task killed with SIGKILL", () => {
	it("resumes from the condensed history", async () => {
		const workspace = path.join(temp.dir, "workspace")
		const storage = path.join(temp.dir, "storage")
		await mkdir(workspace, { recursive: true })
		await writeFile(path.join(workspace, "big.ts"), bigFile)
		const taskId = await runUntilCondensedThenKill(workspace, storage)

		const host = new NodeHost({ workspaceRoot: workspace, storageDir: storage })
		const controller = new Controller({
			host,
			version: "test",
			tools: coreTools,
			toolSpecs: toolSpecs(coreTools),
			buildProvider,
		})
		await controller.initialize()
		const client = new ClientMirror()
		controller.attach(client.receive)
		try {
			const before = server.requests.length
			expect(await controller.showTask(taskId)).toBe(true)
			await client.waitForAsk("resume_task", 30_000)
			await controller.handleWebviewMessage(
				{ type: "askResponse", askResponse: "yesButtonClicked" },
				client.receive,
			)
			await client.waitForAsk("completion_result", 60_000)
			const resumed = server.requests
				.slice(before)
				.find((r) => r.route === "chat" && r.turn !== undefined)
			const sent = JSON.stringify(resumed?.body)
			expect(sent).toContain(summaryText)
			expect(sent).toContain("Read big.ts until told the task was resumed.")
			const full = controller.currentTask?.history.all.length ?? 0
			const sentMessages = (resumed?.body as { messages: unknown[] }).messages.length
			expect(sentMessages).toBeLessThan(full)
			expect(resumed?.contextOverflow).toBeUndefined()
		} finally {
			await controller.dispose()
			await host.dispose()
		}
	}, 150_000)
})
