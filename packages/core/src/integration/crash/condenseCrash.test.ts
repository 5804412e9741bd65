import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { startModelServer, type ModelServer, type TurnFunction } from "@cairn/model-server"
import type { ProviderName } from "@cairn/types"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { summarizationMarker } from "../../context/summarizeConversation.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { bundleChild } from "./bundleChild.js"
import { onChildLines } from "./childLines.js"
import { reopenAgent } from "./reopenAgent.js"
import { spawnChild } from "./spawnChild.js"

// SIGKILL right after a condense, then resume in another process: the request sent after the
// resume is the condensed one (task, summary, recent turns), not the whole history.

const summaryText = "SUMMARY: many files were read; none changed."
// Forty files, each marked inside, so what was condensed away can be told from what was kept.
const files = 40
const marker = (i: number) => `CONTENT-OF-FILE-${i}-END`
const fileText = (i: number) =>
	[
		`// ${marker(i)}`,
		...Array.from({ length: 300 }, (_, k) => `export const v${k} = ${k} * ${i + 31}`),
	].join("\n")

let handedOut = 0
const model: TurnFunction = ({ request }) =>
	JSON.stringify(request.body).includes("TASK RESUMPTION")
		? { toolCalls: [{ name: "attempt_completion", arguments: { result: "Resumed and finished." } }] }
		: { toolCalls: [{ name: "read_file", arguments: { path: `file-${handedOut++ % files}.ts` } }] }

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
function runUntilCondensedThenKill(
	provider: ProviderName,
	workspace: string,
	storage: string,
): Promise<string> {
	const baseUrl = provider === "openai" ? server.openaiBaseURL : server.url
	return new Promise((resolve, reject) => {
		const child = spawnChild(childBundle, {
			workspace,
			storage,
			baseUrl,
			env: { CRASH_PROVIDER: provider },
		})
		let taskId: string | undefined
		onChildLines(child, (line) => {
			if (line.startsWith("started ")) taskId = line.slice("started ".length)
			if (
				line.startsWith("final ") &&
				JSON.parse(line.slice("final ".length)).kind === "condense_context"
			)
				child.kill("SIGKILL")
		})
		child.on("exit", (_code, signal) => {
			if (signal === "SIGKILL" && taskId !== undefined) resolve(taskId)
			else reject(new Error(`the child ended without a condense (signal ${String(signal)})`))
		})
	})
}

describe.each<ProviderName>(["anthropic", "openai", "ollama"])(
	"a condensed task over %s killed with SIGKILL",
	(provider) => {
		it("resumes from the condensed history", async () => {
			const workspace = path.join(temp.dir, provider, "workspace")
			const storage = path.join(temp.dir, provider, "storage")
			await mkdir(workspace, { recursive: true })
			for (let i = 0; i < files; i++) await writeFile(path.join(workspace, `file-${i}.ts`), fileText(i))
			const firstRead = handedOut % files
			const taskId = await runUntilCondensedThenKill(provider, workspace, storage)

			const { host, controller, client } = await reopenAgent(workspace, storage)
			try {
				const before = server.requests.length
				expect(await controller.showTask(taskId)).toBe(true)
				await client.waitForAsk("resume_task", 30_000)
				await controller.handleWebviewMessage(
					{ type: "askResponse", askResponse: "yesButtonClicked" },
					client.receive,
				)
				await client.waitForAsk("completion_result", 60_000)
				const afterResume = server.requests.slice(before).filter((r) => r.route === "chat")
				// Nothing was condensed again: the condensed view came back from disk.
				expect(afterResume[0]?.sideTurn).toBeUndefined()
				const resumed = afterResume.find((r) => r.turn !== undefined)
				const sent = JSON.stringify(resumed?.body)
				expect(sent).toContain(summaryText)
				expect(sent).toContain("Read files until told the task was resumed.")
				// The first file's content was condensed away: the full history has it, the request not.
				expect(JSON.stringify(controller.currentTask?.history.all)).toContain(marker(firstRead))
				expect(sent).not.toContain(marker(firstRead))
				expect(resumed?.contextOverflow).toBeUndefined()
			} finally {
				await controller.dispose()
				await host.dispose()
			}
		}, 150_000)
	},
)
