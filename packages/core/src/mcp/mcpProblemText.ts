import type { McpProblem, McpProblemKind } from "@cairn/types"

type Params = McpProblem["params"]

// The English of each kind, for the CLI, logs and the model; the webview words kinds itself.
const english: Record<McpProblemKind, (params: Params) => string> = {
	config_empty: () => 'The file is empty; a file without servers holds {"mcpServers": {}}.',
	config_not_json: (p) =>
		`The file is not valid JSON (${p.said ?? "a syntax error"} at line ${p.line ?? 1}, column ${p.column ?? 1}).`,
	config_not_object: () => 'The file must hold an object: {"mcpServers": {...}}.',
	config_servers_not_object: () => "mcpServers must be an object of servers by name.",
	config_unreadable: (p) => `The file cannot be read: ${p.said ?? "unknown error"}`,
	server_name_length: (p) => `A server needs a name of 1 to ${p.max ?? 200} characters.`,
	server_not_object: () => "A server entry must be an object.",
	field_unknown: (p) => `Unknown field "${p.field ?? ""}"; it is ignored.`,
	field_required: () => "This field is required.",
	command_and_url: () => "Give either command (a local server) or url (a remote one), not both.",
	transport_unknown: () => 'Say which transport the url speaks: "streamable-http" or "sse".',
	url_not_http: () => "url must be an http:// or https:// address.",
	env_missing: (p) => `The environment variable ${p.variable ?? ""} is not set.`,
	input_not_prompted: (p) =>
		`It asks for the input ${p.variable ?? ""} when it starts; Cairn does not ask for inputs yet: put the value in an environment variable and use \${env:NAME}.`,
	env_file_unreadable: (p) => `Its envFile was not read: ${p.said ?? ""}`,
	field_invalid: (p) => `The value is not valid: ${p.said ?? ""}`,
	program_not_found: (p) =>
		`The program "${p.command ?? ""}" was not found (or the folder ${p.cwd ?? ""} does not exist).`,
	exited_early: () => "The server exited before it was ready.",
	closed_early: () => "The connection closed before the server was ready.",
	init_timeout: () => "The server did not answer its initialization in time.",
	connect_failed: (p) => `Could not connect to ${p.url ?? "the server"}: ${p.said ?? ""}`,
	start_failed: (p) => p.said ?? "The server could not be started.",
	stopped: () => "The server stopped.",
	consent_waiting: (p) => `Waiting for your answer: may the servers of ${p.file ?? ""} run?`,
	consent_refused: (p) =>
		[`${p.file ?? ""} starts programs from the workspace; they run only with your consent.`, p.howToAllow]
			.filter(Boolean)
			.join(" "),
}

/**
 * An MCP problem in English, and whether reconnecting was given up. A server's own problem names
 * its field (`naming: "field"`); a config problem's field is shown beside it, not in it.
 */
export function mcpProblemEnglish(problem: McpProblem, naming?: "field"): string {
	const { field, gaveUpAfter } = problem.params
	const sentence = english[problem.kind](problem.params)
	const named = naming === "field" && field !== undefined && problem.kind !== "field_unknown"
	const where = named ? ` (${field})` : ""
	const gaveUp = gaveUpAfter === undefined ? "" : ` Gave up after ${gaveUpAfter} attempts to reconnect.`
	return `${sentence}${where}${gaveUp}`
}
