import { z } from "zod"
import { mcpSourceSchema } from "./mcpServerView.js"

/** Far above any real value; a runaway client is refused. */
const field = z.string().max(10_000)
const fieldMap = z.record(z.string().min(1).max(500), field)

/**
 * A server the person added in a client's form (or picked from the catalog): one config entry
 * as a person would write it, `${env:VAR}` references and all. The host writes it into the
 * config file, where it is read and checked as any hand-written entry is.
 */
export const mcpServerInputSchema = z.union([
	z.object({
		type: z.literal("stdio"),
		command: field.min(1),
		args: z.array(field).max(200),
		env: fieldMap,
	}),
	z.object({
		type: z.enum(["streamable-http", "sse"]),
		url: field.min(1),
		headers: fieldMap,
	}),
])
export type McpServerInput = z.infer<typeof mcpServerInputSchema>

/**
 * `mcp_server_not_ready` say: a server that was still not connected when the task's first
 * request could wait no longer; its tools are offered from the request after it connects.
 */
export const mcpServerNotReadySchema = z.object({
	server: z.string(),
	source: mcpSourceSchema,
	waitedSeconds: z.number().nonnegative(),
})
export type McpServerNotReady = z.infer<typeof mcpServerNotReadySchema>
