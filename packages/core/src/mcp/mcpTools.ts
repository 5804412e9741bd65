import { z } from "zod"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import type { ToolSource } from "../tools/toolSource.js"
import { convertResource, convertToolResult } from "./callResult.js"
import { runMcpCall } from "./mcpCall.js"
import type { McpHub } from "./McpHub.js"
import { mcpPromptSection } from "./mcpPrompt.js"
import type { OfferedTool } from "./serverViews.js"

/** Longest description of a server's tool sent to the model: some servers write pages. */
const maxDescriptionChars = 2_000

const argumentsSchema = z.record(z.string(), z.unknown())

const useMcpToolParams = z.object({
	server_name: z.string().min(1).describe("The server's name, as listed in MCP SERVERS"),
	tool_name: z.string().min(1).describe("The tool's name on that server"),
	arguments: z
		.union([argumentsSchema, z.string()])
		.optional()
		.describe("The tool's arguments: an object matching its input schema"),
})

const accessMcpResourceParams = z.object({
	server_name: z.string().min(1).describe("The server's name, as listed in MCP SERVERS"),
	uri: z.string().min(1).describe("The resource's URI (or a URI made from one of its templates)"),
})

function parseArguments(
	value: Record<string, unknown> | string | undefined,
): Record<string, unknown> | string {
	if (value === undefined) return {}
	if (typeof value !== "string") return value
	try {
		const parsed: unknown = JSON.parse(value)
		if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
			return parsed as Record<string, unknown>
	} catch {
		// Said below.
	}
	return "arguments must be a JSON object (or its JSON text)."
}

/**
 * The MCP servers' tools as the model sees them: each connected server's tools as native tools
 * (named by modelToolNames, with the server's schema as it gave it), plus use_mcp_tool and
 * access_mcp_resource, which reach any server by name. Offered only while a server is connected.
 */
export class McpToolSource implements ToolSource {
	constructor(
		private readonly hub: McpHub,
		/** How long a task's first request waits for servers still connecting. */
		private readonly readyTimeoutMs: number,
	) {}

	whenReady() {
		return this.hub.waitForServers(this.readyTimeoutMs)
	}

	tools(): ToolDefinition<unknown, string>[] {
		const offered = this.hub.tools()
		if (this.hub.connectedServers().length === 0) return []
		return [
			this.useMcpTool() as ToolDefinition<unknown, string>,
			this.accessMcpResource() as ToolDefinition<unknown, string>,
			...offered.map((tool) => this.native(tool) as ToolDefinition<unknown, string>),
		]
	}

	promptSection(): string | undefined {
		return mcpPromptSection(this.hub.connectedServers())
	}

	private callTool(server: string, tool: string, args: Record<string, unknown>, alwaysAllowed: boolean) {
		return {
			server: { name: server },
			request: {
				type: "use_mcp_tool" as const,
				serverName: server,
				toolName: tool,
				arguments: JSON.stringify(args),
			},
			alwaysAllowed,
			what: `calling the MCP tool ${tool} of ${server}`,
		}
	}

	private native(offered: OfferedTool): ToolDefinition<Record<string, unknown>, string> {
		const description = offered.tool.description ?? offered.tool.title ?? ""
		return {
			name: offered.modelName,
			description: `${offered.tool.name} of the MCP server ${offered.server}: ${description.slice(0, maxDescriptionChars)}`,
			params: argumentsSchema,
			inputSchema: offered.tool.inputSchema as Record<string, unknown>,
			countsAs: "use_mcp_tool",
			execute: (args, context) =>
				runMcpCall(
					this.hub,
					{
						...this.callTool(offered.server, offered.tool.name, args, offered.alwaysAllow),
						server: { source: offered.source, name: offered.server },
						run: async (options) =>
							convertToolResult(
								await this.hub.callTool(
									{ source: offered.source, name: offered.server },
									offered.tool.name,
									args,
									options,
								),
								context.modelTakesImages,
							),
					},
					context,
				),
		}
	}

	private useMcpTool(): ToolDefinition<z.infer<typeof useMcpToolParams>> {
		return {
			name: "use_mcp_tool",
			description:
				"Calls a tool of a connected MCP server by server and tool name. Prefer the server's own tools (named mcp__<server>__<tool>) when they are offered.",
			params: useMcpToolParams,
			execute: async (params, context) => {
				const args = parseArguments(params.arguments)
				if (typeof args === "string") return { content: args, isError: true }
				const offered = this.hub
					.tools()
					.find((t) => t.server === params.server_name && t.tool.name === params.tool_name)
				return runMcpCall(
					this.hub,
					{
						...this.callTool(
							params.server_name,
							params.tool_name,
							args,
							offered?.alwaysAllow ?? false,
						),
						...(offered && { server: { source: offered.source, name: offered.server } }),
						run: async (options) =>
							convertToolResult(
								await this.hub.callTool(
									offered
										? { source: offered.source, name: offered.server }
										: { name: params.server_name },
									params.tool_name,
									args,
									options,
								),
								context.modelTakesImages,
							),
					},
					context,
				)
			},
		}
	}

	private accessMcpResource(): ToolDefinition<z.infer<typeof accessMcpResourceParams>> {
		return {
			name: "access_mcp_resource",
			description: "Reads a resource of a connected MCP server by its URI.",
			params: accessMcpResourceParams,
			execute: (params, context) =>
				runMcpCall(
					this.hub,
					{
						server: { name: params.server_name },
						request: {
							type: "access_mcp_resource",
							serverName: params.server_name,
							uri: params.uri,
						},
						alwaysAllowed: false,
						what: `reading the MCP resource ${params.uri}`,
						run: async (options) =>
							convertResource(
								await this.hub.readResource(
									{ name: params.server_name },
									params.uri,
									options,
								),
							),
					},
					context,
				),
		}
	}
}
