import { spawn, type ChildProcess } from "node:child_process"
import { createServer } from "node:net"
import { endProcesses, processTree } from "../../mcp/processTree.js"
import { everythingScript } from "./servers.js"

/** A port nothing listens on now (the kernel's pick, released at once). */
function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer()
		server.once("error", reject)
		server.listen(0, "127.0.0.1", () => {
			const address = server.address()
			server.close(() =>
				typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
			)
		})
	})
}

/** Resolves once something answers HTTP at `url` (any status), polling; fails after `timeoutMs`. */
async function answering(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		if (child.exitCode !== null) throw new Error(`server-everything exited with ${child.exitCode}`)
		const ok = await fetch(url, { method: "HEAD" }).then(
			() => true,
			() => false,
		)
		if (ok) return
		if (Date.now() > deadline) throw new Error(`nothing answered at ${url}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}

export interface RunningEverything {
	/** The MCP endpoint: `/mcp` (streamable HTTP) or `/sse`. */
	url: string
	stop(): Promise<void>
}

/** server-everything serving one transport on a free port of 127.0.0.1 (its PORT variable). */
export async function startEverything(transport: "streamableHttp" | "sse"): Promise<RunningEverything> {
	const port = await freePort()
	const child = spawn(process.execPath, [everythingScript, transport], {
		env: { ...process.env, PORT: String(port) },
		stdio: "ignore",
	})
	const base = `http://127.0.0.1:${port}`
	await answering(base, child)
	return {
		url: `${base}${transport === "sse" ? "/sse" : "/mcp"}`,
		stop: async () => endProcesses(await processTree(child.pid as number), 500),
	}
}
