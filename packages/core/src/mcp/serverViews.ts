import type { McpProblem, McpServerView, McpSource } from "@cairn/types"
import type { Tool } from "@modelcontextprotocol/sdk/types.js"
import type { ConnectionState } from "./McpConnection.js"
import type { ServerEntry } from "./serverConfig.js"
import { isInvalid } from "./serverConfig.js"
import { mcpProblemEnglish } from "./mcpProblemText.js"
import { modelToolNames } from "./toolNames.js"

/** A server as the hub holds it: its entry, and its connection's state or why it has none. */
export interface ServerRecord {
	entry: ServerEntry
	state: ConnectionState | undefined
	/** Why a project server does not run (no consent yet). */
	blocked?: McpProblem
	/** Later config files defining a server of the same name, which this one hides. */
	shadows?: string[]
}

/** A connected server's tool with the name the model calls it by. */
export interface OfferedTool {
	source: McpSource
	server: string
	tool: Tool
	modelName: string
	alwaysAllow: boolean
}

const transportOf = (entry: ServerEntry) => (isInvalid(entry) ? entry.transport : entry.launch.transport)

/** Every connected server's tools, named for the model (names depend on the whole set: see modelToolNames). */
export function offeredTools(records: readonly ServerRecord[]): OfferedTool[] {
	const connected = records.flatMap((record) =>
		record.state?.status === "connected" && !isInvalid(record.entry)
			? record.state.tools.map((tool) => ({ record, tool }))
			: [],
	)
	const names = modelToolNames(
		connected.map(({ record, tool }) => ({
			source: record.entry.source,
			server: record.entry.name,
			tool: tool.name,
		})),
	)
	return connected.map(({ record, tool }, index) => ({
		source: record.entry.source,
		server: record.entry.name,
		tool,
		modelName: names[index] as string,
		alwaysAllow: !isInvalid(record.entry) && record.entry.alwaysAllow.includes(tool.name),
	}))
}

/** The servers as every client shows them. */
export function serverViews(records: readonly ServerRecord[]): McpServerView[] {
	const offered = offeredTools(records)
	return records.map((record): McpServerView => {
		const { entry, state } = record
		const status = entry.disabled
			? "disabled"
			: isInvalid(entry)
				? "error"
				: record.blocked !== undefined
					? "blocked"
					: (state?.status ?? "connecting")
		const problem = isInvalid(entry) ? entry.problem : (record.blocked ?? state?.problem)
		const error = isInvalid(entry) ? entry.error : problem && mcpProblemEnglish(problem)
		const stderr = state?.stderr ?? []
		return {
			name: entry.name,
			source: entry.source,
			transport: transportOf(entry),
			status,
			...(error !== undefined && status !== "disabled" && { error }),
			...(problem !== undefined && status !== "disabled" && { problem }),
			...(stderr.length > 0 && { stderr }),
			...(state?.retryAt !== undefined && status === "disconnected" && { retryAt: state.retryAt }),
			tools: offered
				.filter((tool) => tool.source === entry.source && tool.server === entry.name)
				.map((tool) => ({
					name: tool.tool.name,
					modelName: tool.modelName,
					...(tool.tool.description !== undefined && { description: tool.tool.description }),
					alwaysAllow: tool.alwaysAllow,
					inputSchema: tool.tool.inputSchema,
				})),
			resources: (status === "connected" ? (state?.resources ?? []) : []).map((r) => ({
				uri: r.uri,
				name: r.name,
				...(r.description !== undefined && { description: r.description }),
				...(r.mimeType !== undefined && { mimeType: r.mimeType }),
			})),
			resourceTemplates: (status === "connected" ? (state?.resourceTemplates ?? []) : []).map((t) => ({
				uriTemplate: t.uriTemplate,
				name: t.name,
				...(t.description !== undefined && { description: t.description }),
				...(t.mimeType !== undefined && { mimeType: t.mimeType }),
			})),
			configFile: entry.configFile,
			...(record.shadows !== undefined && record.shadows.length > 0 && { shadows: record.shadows }),
		}
	})
}
