import path from "node:path"
import { jsonLine } from "@cairn/core"
import type { McpServerView, McpSnapshot } from "@cairn/types"
import type { CliProcess } from "../cli/main.js"
import type { RunOptions } from "../cli/runOptions.js"
import { commandLogger } from "../host/cliLogger.js"
import { ExtensionHost } from "../host/ExtensionHost.js"
import { listOf, t } from "../i18n/cliI18n.js"
import { cliVersion } from "../version.js"

/** The longest `mcp list` waits for servers to connect or fail before printing what it has. */
const settleCeilingMs = 30_000

function serverLines(server: McpServerView, workspace: string): string[] {
	const inWorkspace = (file: string) => path.relative(workspace, file)
	// A workspace's servers may come from any of several tools' files: say which.
	const source =
		server.source === "project"
			? `${t("mcp.project")} ${inWorkspace(server.configFile)}`
			: t("mcp.global")
	const head = t("mcp.server", {
		name: server.name,
		source,
		transport: server.transport,
		status: t(`mcp.${server.status}`),
	})
	const lines = [head]
	if (server.shadows !== undefined && server.shadows.length > 0)
		lines.push(`  ${t("mcp.shadows", { files: listOf(server.shadows.map(inWorkspace)) })}`)
	if (server.error) lines.push(`  ${server.error}`)
	if (server.status !== "connected" && server.stderr?.length)
		lines.push(`  ${t("mcp.lastStderr")}`, ...server.stderr.map((line) => `    ${line}`))
	if (server.status === "connected") {
		lines.push(`  ${t("mcp.tools", { count: server.tools.length })}`)
		for (const tool of server.tools)
			lines.push(`    ${tool.modelName}${tool.alwaysAllow ? ` ${t("mcp.alwaysAllowed")}` : ""}`)
	}
	return lines
}

/** The servers and config problems as text (the workspace's files relative to `workspace`), or as one JSON line. */
export function formatMcpList(
	snapshot: McpSnapshot,
	format: RunOptions["outputFormat"],
	workspace: string,
): string {
	if (format !== "text") return jsonLine(snapshot)
	const lines =
		snapshot.servers.length === 0
			? [t("mcp.none")]
			: snapshot.servers.flatMap((server) => serverLines(server, workspace))
	for (const problem of snapshot.problems) {
		const where = [problem.server, problem.field].filter(Boolean).join(" > ")
		lines.push(
			where
				? t("mcp.problemAt", { file: problem.file, where, message: problem.message })
				: t("mcp.problem", { file: problem.file, message: problem.message }),
		)
	}
	return `${lines.join("\n")}\n`
}

/**
 * `cairn mcp list`: starts the configured servers, waits until each is connected, failed or
 * blocked (or the ceiling passes), prints them and stops them all again. A signal stops them too.
 */
export async function listMcpServers(
	options: RunOptions,
	io: Pick<CliProcess, "onSignal"> & { write: (text: string) => void },
): Promise<number> {
	const host = await ExtensionHost.start({
		workspace: options.workspace,
		storageDir: options.cairnHome,
		logger: commandLogger(options),
		version: cliVersion,
		mcpConfigFile: options.mcpConfigFile,
		allowProjectMcp: options.allowProjectMcp,
		trustWorkspaceHooks: options.trustWorkspaceHooks,
	})
	let interrupted: "SIGINT" | "SIGTERM" | undefined
	const stopped = new Promise<void>((resolve) =>
		io.onSignal((signal) => {
			interrupted = signal
			resolve()
		}),
	)
	try {
		const hub = host.controller.mcpHub
		if (hub !== undefined) await Promise.race([hub.settled(settleCeilingMs), stopped])
		if (interrupted !== undefined) return interrupted === "SIGTERM" ? 143 : 130
		io.write(formatMcpList(host.controller.mcpSnapshot(), options.outputFormat, options.workspace))
		return 0
	} finally {
		await host.shutdown()
	}
}
