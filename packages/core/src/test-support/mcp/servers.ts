import { createRequire } from "node:module"
import path from "node:path"
import type { McpServerConfig } from "../../mcp/serverConfig.js"

const require = createRequire(import.meta.url)

/** The fixture server (see fixtureServer.mjs) in one of its modes. */
export const fixtureServerScript = path.join(import.meta.dirname, "fixtureServer.mjs")

/** server-everything's launcher, from the npm dev dependency. */
export const everythingScript = path.join(
	path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
	"dist",
	"index.js",
)

/** server-filesystem's entry, from the npm dev dependency. */
export const filesystemScript = path.join(
	path.dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")),
	"dist",
	"index.js",
)

/** A stdio server entry as the config parser would produce it. */
export function stdioServer(
	name: string,
	args: string[],
	extra: Partial<Omit<McpServerConfig, "launch">> & { env?: Record<string, string>; cwd?: string } = {},
): McpServerConfig {
	const { env, cwd, ...rest } = extra
	return {
		name,
		source: "global",
		configFile: "/test/mcp.json",
		disabled: false,
		alwaysAllow: [],
		timeoutSec: 60,
		...rest,
		launch: {
			transport: "stdio",
			command: process.execPath,
			args,
			env: env ?? {},
			cwd: cwd ?? process.cwd(),
		},
	}
}

/** A config entry for the fixture server that records its pid (through `${env:...}`, as a person would write it). */
export function fixtureEntry(mode = "tools", extra: Record<string, unknown> = {}) {
	return {
		command: process.execPath,
		args: [fixtureServerScript, mode],
		env: {
			MCP_FIXTURE_PID_FILE: "${env:MCP_FIXTURE_PID_FILE}",
			MCP_FIXTURE_LOG: "${env:MCP_FIXTURE_LOG}",
		},
		...extra,
	}
}

/** The fixture server as Claude Code's `.mcp.json` writes it: `${VAR}`, with a default where one fits. */
export function claudeFixtureEntry(args: string[] = []) {
	return {
		command: process.execPath,
		args: [fixtureServerScript, "tools", ...args],
		env: {
			MCP_FIXTURE_PID_FILE: "${MCP_FIXTURE_PID_FILE}",
			MCP_FIXTURE_LOG: "${MCP_FIXTURE_LOG:-/dev/null}",
		},
	}
}
