import { z } from "zod"

/**
 * What is wrong with an MCP config file or server, as a kind and its parameters: each client
 * words it in the person's language (the webview from its locale files); the English beside it
 * (`message`, `error`) stays for the CLI, logs and older clients.
 */
export const mcpProblemKindSchema = z.enum([
	/** The config file is empty (an editor mid-save, or a file never filled). */
	"config_empty",
	/** Not JSON: `said` is the parser's code, at `line` and `column`. */
	"config_not_json",
	"config_not_object",
	"config_servers_not_object",
	/** The file could not be read (`said`: why). */
	"config_unreadable",
	/** A server's name is empty or longer than `max` characters. */
	"server_name_length",
	"server_not_object",
	/** A field Cairn does not know (the problem's `field`); it is ignored. */
	"field_unknown",
	"field_required",
	"command_and_url",
	/** A remote server's `type` is missing or not one Cairn speaks. */
	"transport_unknown",
	"url_not_http",
	/** A field's environment variable `variable` is not set and has no default. */
	"env_missing",
	/**
	 * A field holds VS Code's `${input:variable}`, which VS Code asks the person for when the
	 * server starts; Cairn does not ask, so the server does not start.
	 */
	"input_not_prompted",
	/** The server's `envFile` could not be read (`said`: why: outside the workspace, missing, too large...). */
	"env_file_unreadable",
	/** A field's value is not valid; `said` is the validator's words. */
	"field_invalid",
	/** The stdio server's `command` was not found, or its `cwd` does not exist. */
	"program_not_found",
	/** A stdio server exited before it was ready. */
	"exited_early",
	/** A remote server closed the connection before it was ready. */
	"closed_early",
	"init_timeout",
	/** A remote server at `url` could not be reached (`said`: the network's words). */
	"connect_failed",
	/** Starting the server failed otherwise (`said`: the error's words). */
	"start_failed",
	/** A connected server stopped. */
	"stopped",
	/** The workspace's servers wait for the person's answer about `file`. */
	"consent_waiting",
	/** The person did not allow the workspace's servers of `file` (or nobody could be asked). */
	"consent_refused",
])
export type McpProblemKind = z.infer<typeof mcpProblemKindSchema>

export const mcpProblemSchema = z.object({
	kind: mcpProblemKindSchema,
	params: z.object({
		said: z.string().optional(),
		line: z.number().int().optional(),
		column: z.number().int().optional(),
		max: z.number().int().optional(),
		variable: z.string().optional(),
		command: z.string().optional(),
		cwd: z.string().optional(),
		url: z.string().optional(),
		/** The config file as the person knows it (relative to the workspace for its own file). */
		file: z.string().optional(),
		/** A dotted path inside the server's entry, e.g. `args.2` (a server's own problem). */
		field: z.string().optional(),
		/** What the host says to do to allow the workspace's servers (the CLI's flag). */
		howToAllow: z.string().optional(),
		/** Reconnecting was given up after this many attempts in a row. */
		gaveUpAfter: z.number().int().optional(),
	}),
})
export type McpProblem = z.infer<typeof mcpProblemSchema>
