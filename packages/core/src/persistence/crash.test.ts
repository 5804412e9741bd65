import { type ChildProcess, spawn } from "node:child_process"
import { mkdir, rm } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { ApiHistoryJournal } from "./apiHistoryJournal.js"
import { FileContextJournal } from "./fileContextJournal.js"
import { metadataJournal, readTaskMetadata } from "./taskMetadata.js"
import { UiMessageJournal } from "./uiMessageJournal.js"

// A real process, killed with SIGKILL at random instants while it journals (crashChild.mjs).
// After every kill the journals are loaded with the real loaders, then appended to (which must
// cut off a torn tail rather than glue the new record to it), then loaded again. The task's
// metadata and file-context journals are written and checked the same way.

const script = fileURLToPath(new URL("./crashChild.mjs", import.meta.url))
const kills = 32
let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-crash-")
})
afterAll(() => temp.remove())

/** Runs the child until a random instant after it starts writing, kills it, and returns the last record it acknowledged. */
async function runAndKill(uiFile: string, apiFile: string, taskDir: string, seed: number): Promise<number> {
	const child: ChildProcess = spawn(process.execPath, [script, uiFile, apiFile, taskDir, String(seed)], {
		stdio: ["ignore", "pipe", "inherit"],
	})
	let output = ""
	const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
	const ready = new Promise<void>((resolve, reject) => {
		child.stdout?.on("data", (chunk: Buffer) => {
			output += chunk.toString("utf8")
			if (output.startsWith("ready\n")) resolve()
		})
		child.on("exit", () =>
			reject(new Error(`the child exited before it was killed: ${output.slice(0, 200)}`)),
		)
	})
	await ready
	await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * 25))
	child.kill("SIGKILL")
	await exited
	const acked = output
		.split("\n")
		.slice(1, -1)
		.map(Number)
		.filter((n) => Number.isInteger(n))
	return acked.at(-1) ?? -1
}

describe("kill -9 while journaling", () => {
	it(`loses at most the record in flight, over ${kills} kills`, { timeout: 60_000 }, async () => {
		const figures = { loaded: 0, lostUi: 0, lostApi: 0, lostOther: 0, tornTails: 0 }
		for (let run = 0; run < kills; run++) {
			const uiFile = path.join(temp.dir, `ui-${run}.jsonl`)
			const apiFile = path.join(temp.dir, `api-${run}.jsonl`)
			const taskDir = path.join(temp.dir, `task-${run}`)
			await mkdir(taskDir)
			const lastAcked = await runAndKill(uiFile, apiFile, taskDir, run + 1)
			// The record the child was on (or about to start) when the kill came; it may be lost.
			const inFlight = lastAcked + 2

			const ui = await new UiMessageJournal(uiFile).load()
			const api = await new ApiHistoryJournal(apiFile).load()
			expect([ui.damagedLines, api.damagedLines, api.problems]).toEqual([[], [], []])
			for (const count of [ui.messages.length, api.messages.length])
				expect(count === inFlight || count === inFlight - 1).toBe(true)
			ui.messages.forEach((m, i) => {
				expect(m.ts).toBe(1000 + i)
				expect(m.text?.startsWith(`${i}:`)).toBe(true)
			})
			api.messages.forEach((m, i) => expect(m.role).toBe(i % 2 === 0 ? "user" : "assistant"))
			// Metadata: the last complete version (tokensIn counts the turns it saw).
			const metadata = await readTaskMetadata(taskDir)
			if (!metadata.ok) throw new Error(metadata.error)
			expect([inFlight - 1, inFlight]).toContain(metadata.value.tokensIn)
			// The files in context: every complete change applied, in order, none half applied.
			const fileContext = await new FileContextJournal(taskDir).load()
			expect(fileContext.problem).toBeUndefined()
			const files = (fileContext.state as { files: { path: string }[] }).files.map((f) => f.path)
			expect([inFlight - 1, inFlight]).toContain(files.length)
			expect(files).toEqual(files.map((_, i) => `f${i}`))
			figures.lostOther += 2 * inFlight - metadata.value.tokensIn - files.length
			figures.loaded += ui.messages.length + api.messages.length
			figures.lostUi += inFlight - ui.messages.length
			figures.lostApi += inFlight - api.messages.length
			figures.tornTails += Number(ui.tornTail) + Number(api.tornTail)

			// The next session appends: a torn tail must be cut off, not glued to the new record.
			const uiAgain = new UiMessageJournal(uiFile)
			const apiAgain = new ApiHistoryJournal(apiFile)
			const role = api.messages.length % 2 === 0 ? "user" : "assistant"
			await uiAgain.append({ ts: 999_999, type: "say", say: "text", text: "resumed" })
			await apiAgain.sync([...api.messages, { role, content: [{ type: "text", text: "resumed" }] }])
			const metaAgain = metadataJournal(taskDir, {})
			await metaAgain.load()
			await metaAgain.save({ ...metadata.value, tokensIn: 999_999 })
			const fileContextAgain = new FileContextJournal(taskDir)
			await fileContextAgain.load()
			const resumedFiles = [...files, "resumed"].map((p) => ({ path: p, hash: "h" }))
			await fileContextAgain.save({ version: 1, files: resumedFiles })
			await Promise.all([
				uiAgain.close(),
				apiAgain.close(),
				metaAgain.close(),
				fileContextAgain.close(),
			])
			const uiAfter = await new UiMessageJournal(uiFile).load()
			const apiAfter = await new ApiHistoryJournal(apiFile).load()
			for (const after of [uiAfter, apiAfter])
				expect([after.damagedLines, after.tornTail]).toEqual([[], false])
			expect(uiAfter.messages).toEqual([...ui.messages, expect.objectContaining({ text: "resumed" })])
			expect(apiAfter.messages).toHaveLength(api.messages.length + 1)
			const metadataAfter = await readTaskMetadata(taskDir)
			expect(metadataAfter.ok && metadataAfter.value.tokensIn).toBe(999_999)
			expect(await new FileContextJournal(taskDir).load()).toEqual({
				state: { version: 1, files: resumedFiles },
			})
			await Promise.all([rm(uiFile), rm(apiFile), rm(taskDir, { recursive: true })])
		}
		console.log(
			`crash test: ${kills} kills, ${figures.loaded} records loaded, records lost (in flight at the kill): ` +
				`${figures.lostUi} UI + ${figures.lostApi} API + ${figures.lostOther} metadata and file-context, ` +
				`${figures.tornTails} torn tails ignored and cut, ` +
				"0 damaged lines, every journal loaded",
		)
	})
})
