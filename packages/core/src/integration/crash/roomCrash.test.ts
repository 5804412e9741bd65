import type { ChildProcess } from "node:child_process"
import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import { startModelServer, type ModelServer, type TurnFunction } from "@cairn/model-server"
import type { TaskCard } from "@cairn/types"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BoardMirror } from "../../test-support/boardMirror.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { bundleChild } from "./bundleChild.js"
import { onChildLines } from "./childLines.js"
import { reopenAgent } from "./reopenAgent.js"
import { spawnChild } from "./spawnChild.js"

// SIGKILL while three tasks of one process wait on their approvals; a new process lists all
// three as interrupted and resumes each from its card to completion.

const names = ["alpha", "beta", "gamma"]
const nameIn = (body: string) => names.find((name) => body.includes(`Write ${name}.txt`))

const model: TurnFunction = ({ request }) => {
	const body = JSON.stringify(request.body)
	const name = nameIn(body) ?? "unknown"
	if (body.includes("TASK RESUMPTION"))
		return { toolCalls: [{ name: "attempt_completion", arguments: { result: `${name} resumed` } }] }
	return {
		toolCalls: [{ name: "write_to_file", arguments: { path: `${name}.txt`, content: `${name}\n` } }],
	}
}

let server: ModelServer
let temp: { dir: string; remove(): Promise<void> }
let childBundle: string
/** The child while it lives: a failing test still ends it. */
let running: ChildProcess | undefined

beforeAll(async () => {
	childBundle = await bundleChild("roomChild.ts", "room-child")
	server = await startModelServer({
		scenario: Array.from({ length: 20 }, () => model),
		lifetimeMs: 170_000,
	})
	temp = await makeTempDir("cairn-room-crash-")
}, 60_000)

afterAll(async () => {
	running?.kill("SIGKILL")
	await server?.close()
	await temp?.remove()
})

/** Runs the child until its three tasks wait on their approvals; returns their ids and how to kill it. */
function runUntilAllWait(
	workspace: string,
	storage: string,
): Promise<{ ids: string[]; kill(): Promise<void> }> {
	return new Promise((resolve, reject) => {
		const child = spawnChild(childBundle, { workspace, storage, baseUrl: server.url })
		running = child
		const exited = new Promise<NodeJS.Signals | null>((settle) =>
			child.on("exit", (_code, signal) => settle(signal)),
		)
		const waiting: string[] = []
		onChildLines(child, (line) => {
			if (!line.startsWith("waiting ")) return
			waiting.push(line.slice("waiting ".length))
			if (waiting.length < names.length) return
			resolve({
				ids: waiting,
				kill: async () => {
					child.kill("SIGKILL")
					expect(await exited).toBe("SIGKILL")
				},
			})
		})
		void exited.then((signal) =>
			reject(new Error(`the child ended before its tasks waited (signal ${String(signal)})`)),
		)
	})
}

/** The board as a client asking for it now sees it. */
async function boardOf(
	controller: Awaited<ReturnType<typeof reopenAgent>>["controller"],
): Promise<TaskCard[]> {
	const board = new BoardMirror()
	await controller.handleWebviewMessage({ type: "requestTaskBoard" }, board.receive)
	const listed = board.received.find((m) => m.type === "taskBoard")
	return listed?.type === "taskBoard" ? listed.cards : []
}

describe("a process killed with SIGKILL while three tasks run", () => {
	it("lists all three again as interrupted, and each resumes from its card to completion", async () => {
		const workspace = path.join(temp.dir, "workspace")
		const storage = path.join(temp.dir, "storage")
		await mkdir(workspace, { recursive: true })
		const child = await runUntilAllWait(workspace, storage)
		const { ids } = child

		const { host, controller } = await reopenAgent(workspace, storage)
		const board = new BoardMirror()
		controller.attach(board.receive)
		try {
			// While that process lives, its tasks are shown as running there, to be answered there.
			const elsewhere = await boardOf(controller)
			expect(elsewhere.map((c) => [c.state, c.elsewhere])).toEqual(names.map(() => ["running", true]))
			await child.kill()

			const cards = await boardOf(controller)
			expect(cards.map((c) => [c.title, c.state]).sort()).toEqual(
				names.map((name) => [`Write ${name}.txt`, "interrupted"]),
			)
			expect(new Set(cards.map((c) => c.taskId))).toEqual(new Set(ids))

			for (const id of ids)
				await controller.handleWebviewMessage({ type: "resumeCard", taskId: id }, board.receive)
			for (const name of names) await board.waitForState(`Write ${name}.txt`, "done", 60_000)
			expect(board.received.filter((m) => m.type === "error")).toEqual([])
			// Nothing was approved before the kill, so nothing was written.
			for (const name of names)
				await expect(readFile(path.join(workspace, `${name}.txt`), "utf8")).rejects.toThrow()
		} finally {
			await controller.dispose()
			await host.dispose()
		}
	}, 150_000)
})
