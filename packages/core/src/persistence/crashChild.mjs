// The process crash.test.ts kills with SIGKILL. It is plain JavaScript (a child process cannot
// load the TypeScript sources), so it writes the journal line formats itself, the way
// JsonlJournal does: one write call per record. Arguments: ui journal, API journal, a task folder
// (for its metadata and file-context journals, as TaskStore names them), seed.
import { openSync, writeSync } from "node:fs"
import path from "node:path"

const [uiFile, apiFile, taskDir, seedText] = process.argv.slice(2)
let seed = Number(seedText)
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648

// Lines are assembled from ready-made bytes so the time goes into write calls, where a kill
// tears a line, rather than into building strings.
const filler = Buffer.alloc(512 * 1024, "x")
const line = (head, size, tail) =>
	Buffer.concat([Buffer.from(head), filler.subarray(0, size), Buffer.from(tail)])

const ui = openSync(uiFile, "a")
const api = openSync(apiFile, "a")
const meta = openSync(path.join(taskDir, "metadata.jsonl"), "a")
const fileContext = openSync(path.join(taskDir, "file_context.jsonl"), "a")
const id = path.basename(taskDir)
// A metadata version per turn (tokensIn counts the turns), and the change of the files in context.
const metadataLine = (tokensIn, size) =>
	line(
		`{"id":"${id}","ts":1,"tokensIn":${tokensIn},"tokensOut":0,"totalCost":0,"version":1,"createdAt":1,"updatedAt":1,"task":"`,
		size,
		`"}\n`,
	)
writeSync(meta, metadataLine(0, 10))
writeSync(fileContext, '{"state":{"version":1,"files":[]}}\n')
writeSync(1, "ready\n")
for (let i = 0; ; i++) {
	const size = Math.floor(random() * filler.length)
	const role = i % 2 === 0 ? "user" : "assistant"
	writeSync(ui, line(`{"ts":${1000 + i},"type":"say","say":"text","text":"${i}:`, size, `"}\n`))
	const message = `{"role":"${role}","content":[{"type":"text","text":"${i}:`
	writeSync(api, line(`{"type":"append","message":${message}`, size, `"}]}}\n`))
	writeSync(meta, metadataLine(i + 1, size))
	writeSync(fileContext, line(`{"set":[{"path":"f${i}","hash":"`, size, `"}],"drop":[]}\n`))
	// All four lines are complete: the parent checks that acknowledged records survive the kill.
	writeSync(1, `${i}\n`)
}
