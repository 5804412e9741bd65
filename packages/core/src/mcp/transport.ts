import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { McpLaunch } from "./serverConfig.js"
import type { StderrTail } from "./stderrTail.js"

export interface ServerTransport {
	transport: Transport
	/** The started process (stdio servers), while it runs. */
	pid(): number | undefined
}

/**
 * The SDK's transport for a server. A stdio server gets the SDK's default environment (PATH,
 * HOME and the like, not the whole of ours: our API keys stay ours) plus its config's `env`,
 * and its stderr goes to `stderr` instead of our own.
 */
export function createTransport(
	launch: McpLaunch,
	stderr: StderrTail,
	onStderr: () => void,
): ServerTransport {
	switch (launch.transport) {
		case "stdio": {
			const transport = new StdioClientTransport({
				command: launch.command,
				args: launch.args,
				env: launch.env,
				cwd: launch.cwd,
				stderr: "pipe",
			})
			if (transport.stderr) stderr.follow(transport.stderr, onStderr)
			return { transport, pid: () => transport.pid ?? undefined }
		}
		case "streamable-http":
			return {
				transport: new StreamableHTTPClientTransport(new URL(launch.url), {
					requestInit: { headers: launch.headers },
				}),
				pid: () => undefined,
			}
		case "sse":
			return {
				transport: new SSEClientTransport(new URL(launch.url), {
					requestInit: { headers: launch.headers },
				}),
				pid: () => undefined,
			}
	}
}
