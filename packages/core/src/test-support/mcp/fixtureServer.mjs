// A small MCP server over stdio for the fault tests, built with the SDK's McpServer.
// Plain JavaScript so node runs it as it is. The first argument chooses how it misbehaves:
//   tools          (default) echo, crash (the process dies mid-call), hang (never answers)
//   exit-at-start  writes to stderr and exits before initializing
//   stubborn       like tools, but ignores SIGTERM and the end of stdin (only SIGKILL ends it)
//   never-ready    runs but never answers the client's initialize request
// MCP_FIXTURE_PID_FILE: a file the server appends its pid to, so tests can check it is gone.
// MCP_FIXTURE_LOG: a file the server appends events to ("cancelled <request id>").
import { appendFileSync } from "node:fs"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js"
import { z } from "zod"

const mode = process.argv[2] ?? "tools"
const log = (line) => {
	if (process.env.MCP_FIXTURE_LOG) appendFileSync(process.env.MCP_FIXTURE_LOG, `${line}\n`)
}
if (process.env.MCP_FIXTURE_PID_FILE) appendFileSync(process.env.MCP_FIXTURE_PID_FILE, `${process.pid}\n`)

if (mode === "exit-at-start") {
	process.stderr.write("fixture: cannot open the database at /nowhere\nfixture: giving up\n")
	process.exit(1)
}

const server = new McpServer({ name: "fixture", version: "1.0.0" })
server.registerTool(
	"echo",
	{ description: "Echoes the text", inputSchema: { text: z.string() } },
	async ({ text }) => ({
		content: [{ type: "text", text: `echo: ${text}` }],
	}),
)
server.registerTool("crash", { description: "Dies in the middle of the call", inputSchema: {} }, async () => {
	process.stderr.write("fixture: crashing on purpose\n")
	process.exit(3)
})
server.registerTool("hang", { description: "Never answers", inputSchema: {} }, (_args, extra) => {
	log(`started ${extra.requestId}`)
	extra.signal.addEventListener("abort", () => log(`cancelled ${extra.requestId}`))
	return new Promise(() => {})
})

if (mode === "stubborn") {
	process.on("SIGTERM", () => log("ignored SIGTERM"))
	// Keeps running after stdin ends, as a careless server would.
	setInterval(() => {}, 1_000)
}

if (mode === "never-ready") {
	// Reads stdin and says nothing: the client waits for the initialize answer until it gives up.
	process.stdin.resume()
	process.stdin.on("end", () => process.exit(0))
} else {
	await server.connect(new StdioServerTransport())
	process.stderr.write(`fixture: ready (${mode})\n`)
}
