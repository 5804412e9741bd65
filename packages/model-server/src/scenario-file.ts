import { isRecord } from "./protocol.js"
import type { ScriptedTurn } from "./scenario.js"

const turnKeys = new Set([
	"text",
	"reasoning",
	"reasoningSignature",
	"toolCalls",
	"usage",
	"stopReason",
	"model",
	"textChunks",
	"reasoningChunks",
	"argumentChunks",
	"error",
	"disconnectAfterChunks",
	"malformedChunkAfter",
	"streamError",
	"chunkDelayMs",
])

function checkTurn(turn: unknown, where: string): ScriptedTurn {
	if (!isRecord(turn)) throw new Error(`${where}: a turn must be a JSON object`)
	for (const key of Object.keys(turn)) {
		// Unknown keys are refused so a typo ("textChunk") fails loudly instead of being ignored.
		if (!turnKeys.has(key)) throw new Error(`${where}: unknown key "${key}"`)
	}
	if (turn.text !== undefined && typeof turn.text !== "string")
		throw new Error(`${where}.text: must be a string`)
	if (turn.toolCalls !== undefined) {
		if (!Array.isArray(turn.toolCalls)) throw new Error(`${where}.toolCalls: must be an array`)
		turn.toolCalls.forEach((call: unknown, i) => {
			const at = `${where}.toolCalls[${i}]`
			if (!isRecord(call) || typeof call.name !== "string")
				throw new Error(`${at}: needs a string "name"`)
			if (typeof call.arguments !== "string" && !isRecord(call.arguments)) {
				throw new Error(`${at}.arguments: must be an object or a string`)
			}
		})
	}
	if (turn.error !== undefined && !(isRecord(turn.error) && typeof turn.error.status === "number")) {
		throw new Error(`${where}.error: needs a numeric "status"`)
	}
	return turn as ScriptedTurn
}

/** Parse a scenario file: a JSON array of turns, or `{ "turns": [...] }`. Function turns cannot be written in JSON. */
export function parseScenarioJson(text: string, name = "scenario"): ScriptedTurn[] {
	let parsed: unknown
	try {
		parsed = JSON.parse(text)
	} catch (error) {
		throw new Error(
			`${name}: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
			{ cause: error },
		)
	}
	const turns = isRecord(parsed) ? parsed.turns : parsed
	if (!Array.isArray(turns)) throw new Error(`${name}: expected an array of turns or { "turns": [...] }`)
	return turns.map((turn: unknown, i) => checkTurn(turn, `${name}[${i}]`))
}
