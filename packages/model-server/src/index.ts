export { startModelServer, DEFAULT_LIFETIME_MS, DEFAULT_MAX_REQUESTS } from "./server.js"
export type { ModelServer, ModelServerOptions } from "./server.js"
export type {
	HttpErrorFault,
	Provider,
	Scenario,
	ScriptedToolCall,
	ScriptedTurn,
	ScriptedUsage,
	StopReason,
	StreamErrorFault,
	Turn,
	TurnContext,
	TurnFaults,
	TurnFunction,
} from "./scenario.js"
export type { RecordedRequest, RouteKind } from "./recording.js"
export { lastToolResult } from "./request-helpers.js"
export { splitIntoChunks } from "./chunking.js"
export { parseScenarioJson } from "./scenario-file.js"
export { runCli } from "./cli.js"
export type { CliIO } from "./cli.js"
