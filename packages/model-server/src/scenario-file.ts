import { isRecord } from "./protocol.js"
import type { ScriptedTurn, SideTurn } from "./scenario.js"

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

function checkSideTurn(entry: unknown, where: string): SideTurn {
	if (!isRecord(entry)) throw new Error(`${where}: a side turn must be a JSON object`)
	for (const key of Object.keys(entry)) {
		if (key !== "when" && key !== "turn") throw new Error(`${where}: unknown key "${key}"`)
	}
	const when = entry.when
	if (!isRecord(when)) throw new Error(`${where}.when: must be an object`)
	const conditions = Object.entries(when)
	// In a file, a side turn that matches everything is almost certainly a mistake.
	if (conditions.length === 0)
		throw new Error(`${where}.when: needs "systemIncludes" or "lastUserIncludes"`)
	for (const [key, value] of conditions) {
		if (key !== "systemIncludes" && key !== "lastUserIncludes")
			throw new Error(`${where}.when: unknown key "${key}"`)
		if (typeof value !== "string") throw new Error(`${where}.when.${key}: must be a string`)
	}
	return { when, turn: checkTurn(entry.turn, `${where}.turn`) }
}

/** A scenario file's contents: its turns, and the context window and side turns it sets. */
export interface ScenarioFile {
	turns: ScriptedTurn[]
	contextWindow?: number
	sideTurns?: SideTurn[]
}

const fileKeys = new Set(["turns", "contextWindow", "sideTurns"])

function parseJson(text: string, name: string): unknown {
	try {
		return JSON.parse(text)
	} catch (error) {
		throw new Error(
			`${name}: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
			{ cause: error },
		)
	}
}

/**
 * Parse a scenario file: a JSON array of turns, or `{ "turns": [...], "contextWindow"?: N,
 * "sideTurns"?: [{ "when": {...}, "turn": {...} }] }`. Unknown keys are refused; function turns
 * cannot be written in JSON.
 */
export function parseScenarioFile(text: string, name = "scenario"): ScenarioFile {
	const parsed = parseJson(text, name)
	if (Array.isArray(parsed))
		return { turns: parsed.map((turn: unknown, i) => checkTurn(turn, `${name}[${i}]`)) }
	if (!isRecord(parsed) || !Array.isArray(parsed.turns))
		throw new Error(`${name}: expected an array of turns or { "turns": [...] }`)
	for (const key of Object.keys(parsed)) {
		if (!fileKeys.has(key)) throw new Error(`${name}: unknown key "${key}"`)
	}
	const file: ScenarioFile = {
		turns: parsed.turns.map((turn: unknown, i) => checkTurn(turn, `${name}.turns[${i}]`)),
	}
	const { contextWindow, sideTurns } = parsed
	if (contextWindow !== undefined) {
		if (typeof contextWindow !== "number" || !Number.isInteger(contextWindow) || contextWindow < 1)
			throw new Error(`${name}.contextWindow: must be a positive integer`)
		file.contextWindow = contextWindow
	}
	if (sideTurns !== undefined) {
		if (!Array.isArray(sideTurns)) throw new Error(`${name}.sideTurns: must be an array`)
		file.sideTurns = sideTurns.map((entry: unknown, i) => checkSideTurn(entry, `${name}.sideTurns[${i}]`))
	}
	return file
}

/** The turns of a scenario file (see parseScenarioFile). */
export function parseScenarioJson(text: string, name = "scenario"): ScriptedTurn[] {
	return parseScenarioFile(text, name).turns
}
