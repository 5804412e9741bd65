export { startModelServer, DEFAULT_LIFETIME_MS, DEFAULT_MAX_REQUESTS } from "./server.js"
export type { ModelServer, ModelServerOptions, ScenarioSettings } from "./server.js"
export type { OverflowStyle } from "./protocol.js"
export type {
	HttpErrorFault,
	Provider,
	Scenario,
	ScriptedToolCall,
	ScriptedTurn,
	ScriptedUsage,
	SideTurn,
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
export { parseScenarioFile, parseScenarioJson } from "./scenario-file.js"
export type { ScenarioFile } from "./scenario-file.js"
export { countRequestTokens, IMAGE_TOKENS, MESSAGE_TOKENS, TOOL_RESULT_TOKENS } from "./tokens.js"
export type { RequestTokens } from "./tokens.js"
export { firstUserText, lastUserText, modelAnswerCount, systemText } from "./request-text.js"
export { concurrentConversations, conversationTurn } from "./conversation.js"
export { runCli } from "./cli.js"
export { embeddingTokens, embeddingVector, defaultEmbeddingDimensions } from "./embeddings/vectors.js"
export type { CliIO } from "./cli.js"
