// Where the request bytes of bench/loop.mjs's task go: runs the same task (N write_to_file turns,
// then attempt_completion, everything auto-approved) against a model server in this process, and
// accounts for every byte of the last request: its framing, the system prompt, each tool's schema,
// the task's first message and the history by kind. Prints figures; it is not a test.
//
//   npm run build && node bench/request-bytes.mjs [--turns 100] [--save-last file.json]
//
// The agent runs as loop.mjs's own child (`--child loop`), so what is measured is exactly what
// loop.mjs's "request bytes per task" sums.
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { startModelServer } from "@cairn/model-server"
import { loopScenario } from "./loopScenarios.mjs"

const { values: args } = parseArgs({
	options: { turns: { type: "string", default: "100" }, "save-last": { type: "string" } },
	strict: true,
})
const turns = Number(args.turns)
if (!Number.isInteger(turns) || turns <= 0) throw new Error(`--turns: expected a positive integer`)

const server = await startModelServer({ scenario: loopScenario(turns), sideTurns: [] })
const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "cairn-request-bytes-")))
try {
	const loop = fileURLToPath(new URL("./loop.mjs", import.meta.url))
	const child = spawn(
		process.execPath,
		[
			"--expose-gc",
			loop,
			"--child",
			"loop",
			"--turns",
			String(turns),
			"--base-url",
			`${server.url}/v1`,
			"--dir",
			dir,
		],
		{ stdio: ["ignore", "ignore", "inherit"] },
	)
	const code = await new Promise((resolve) => child.once("close", resolve))
	if (code !== 0) throw new Error(`the agent run failed (exit ${code})`)
} finally {
	await server.close()
	fs.rmSync(dir, { recursive: true, force: true })
}

const chats = server.requests.filter((request) => request.route === "chat")
const size = (value) => Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value))
const total = chats.reduce((sum, request) => sum + size(request.rawBody), 0)
const last = chats.at(-1)
if (args["save-last"]) fs.writeFileSync(args["save-last"], last.rawBody)
const body = last.body
const [system, task, ...history] = body.messages
const kinds = new Map()
for (const message of history) {
	const kind =
		message.role === "assistant"
			? `assistant: ${message.tool_calls?.map((call) => call.function.name).join(", ") ?? "text"}`
			: message.role === "tool"
				? "tool result"
				: "user (environment details, feedback)"
	const entry = kinds.get(kind) ?? { count: 0, bytes: 0 }
	entry.count++
	entry.bytes += size(message) + 1
	kinds.set(kind, entry)
}
const framing = size(last.rawBody) - size(body.messages) - size(body.tools)
const constant = framing + size(system) + size(task) + size(body.tools)

const row = (label, bytes, note = "") =>
	console.log(`  ${label.padEnd(40)} ${String(bytes.toLocaleString("en-US")).padStart(10)} B  ${note}`)
console.log(`Requests of a ${turns}-turn loop task (bench/loop.mjs's), as the model server received them\n`)
console.log(`  ${"requests".padEnd(40)} ${String(chats.length).padStart(10)}`)
row("request bytes per task", total, `(${(total / 2 ** 20).toFixed(2)} MB, as loop.mjs prints it)`)
console.log(`\nThe last request (${size(last.rawBody).toLocaleString("en-US")} B):`)
row("framing (model, stream, keys)", framing)
row("system prompt", size(system))
row(`tools (${body.tools.length})`, size(body.tools))
for (const tool of body.tools) {
	const { name, description, parameters } = tool.function
	row(`  ${name}`, size(tool) + 1, `description ${size(description)}, parameters ${size(parameters)}`)
}
row("first user message (task, details)", size(task))
for (const [kind, { count, bytes }] of kinds)
	row(`${kind} x${count}`, bytes, `${(bytes / count).toFixed(0)} each`)
console.log(
	`\nSent with every request: ${constant.toLocaleString("en-US")} B (x${chats.length} = ` +
		`${((constant * chats.length) / 2 ** 20).toFixed(2)} MB); the history grows by ` +
		`${((size(last.rawBody) - constant) / turns).toFixed(0)} B a turn.`,
)
