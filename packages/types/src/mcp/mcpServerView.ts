import { z } from "zod"
import { mcpProblemSchema } from "./mcpProblem.js"

/**
 * Where a server's configuration comes from: the person's own file, or the workspace's (its
 * `.cairn/mcp.json`, or another tool's server file there: see `configFile`).
 */
export const mcpSourceSchema = z.enum(["global", "project"])
export type McpSource = z.infer<typeof mcpSourceSchema>

export const mcpTransportSchema = z.enum(["stdio", "streamable-http", "sse"])
export type McpTransport = z.infer<typeof mcpTransportSchema>

/**
 * connecting: starting or reconnecting; connected: tools can be called; disconnected: it
 * stopped and a reconnect is scheduled (`retryAt`); disabled: the person turned it off;
 * blocked: a project server the person has not allowed (see `error`); error: it cannot start
 * (bad config, gave up reconnecting).
 */
export const mcpServerStatusSchema = z.enum([
	"connecting",
	"connected",
	"disconnected",
	"disabled",
	"blocked",
	"error",
])
export type McpServerStatus = z.infer<typeof mcpServerStatusSchema>

export const mcpToolViewSchema = z.object({
	/** The server's own name for the tool. */
	name: z.string(),
	/** The name the model calls it by (sanitised, unique across servers). */
	modelName: z.string(),
	description: z.string().optional(),
	/** Calls run without asking (the config's `alwaysAllow`). */
	alwaysAllow: z.boolean(),
	/** The tool's JSON schema for its arguments, as the server gave it. */
	inputSchema: z.unknown().optional(),
})
export type McpToolView = z.infer<typeof mcpToolViewSchema>

export const mcpResourceViewSchema = z.object({
	uri: z.string(),
	name: z.string(),
	description: z.string().optional(),
	mimeType: z.string().optional(),
})
export type McpResourceView = z.infer<typeof mcpResourceViewSchema>

export const mcpResourceTemplateViewSchema = z.object({
	uriTemplate: z.string(),
	name: z.string(),
	description: z.string().optional(),
	mimeType: z.string().optional(),
})
export type McpResourceTemplateView = z.infer<typeof mcpResourceTemplateViewSchema>

/** One configured server as every client shows it. */
export const mcpServerViewSchema = z.object({
	name: z.string(),
	source: mcpSourceSchema,
	transport: mcpTransportSchema,
	status: mcpServerStatusSchema,
	/** What went wrong, in English words a person can act on (status error, disconnected or blocked). */
	error: z.string().optional(),
	/** The same as a kind and parameters, which clients word in the person's language. */
	problem: mcpProblemSchema.optional(),
	/** The last lines the server wrote to stderr (stdio servers), newest last. */
	stderr: z.array(z.string()).optional(),
	/** When the next reconnect attempt is due (ms since the epoch), while disconnected. */
	retryAt: z.number().optional(),
	tools: z.array(mcpToolViewSchema),
	resources: z.array(mcpResourceViewSchema),
	resourceTemplates: z.array(mcpResourceTemplateViewSchema),
	/** The file the server is configured in (absolute). */
	configFile: z.string(),
	/**
	 * Other config files (absolute, in lookup order) that define a server of this name and are not
	 * used because this one is: another tool's file in the workspace behind Cairn's own, or behind
	 * an earlier other tool's.
	 */
	shadows: z.array(z.string()).optional(),
})
export type McpServerView = z.infer<typeof mcpServerViewSchema>

/** A problem in a config file: the file, and where known the server and the field. */
export const mcpConfigProblemSchema = z.object({
	source: mcpSourceSchema,
	file: z.string(),
	server: z.string().optional(),
	/** A dotted path inside the server's entry, e.g. `args.2` or `url`. */
	field: z.string().optional(),
	/** In English, for the CLI and logs. */
	message: z.string(),
	/** The same as a kind and parameters, which clients word in the person's language. */
	problem: mcpProblemSchema,
})
export type McpConfigProblem = z.infer<typeof mcpConfigProblemSchema>

/** Every MCP server and config problem, as sent to clients whenever anything about them changes. */
export const mcpSnapshotSchema = z.object({
	servers: z.array(mcpServerViewSchema),
	problems: z.array(mcpConfigProblemSchema),
})
export type McpSnapshot = z.infer<typeof mcpSnapshotSchema>
