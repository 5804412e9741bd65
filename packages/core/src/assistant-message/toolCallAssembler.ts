import { parse as parsePartialJson } from "partial-json"
import type { ApiStreamChunk } from "../providers/modelProvider.js"
import { argumentsOverLimit, toolArgumentLimits } from "./toolArgumentLimits.js"

/** A complete tool call from the model, with its arguments parsed or the reason they could not be. */
export interface ToolUse {
	id: string
	name: string
	/** The arguments as the model sent them; "{}" when they were over the limits, so they are never stored or sent back. */
	rawArguments: string
	input: Record<string, unknown> | undefined
	/** Set when the arguments are not a JSON object: the model is told, nothing runs. */
	argumentsError?: string
}

interface CallInProgress {
	id?: string
	name?: string
	argumentsText: string
}

type PartialChunk = Extract<ApiStreamChunk, { type: "tool_call_partial" }>
type CompleteChunk = Extract<ApiStreamChunk, { type: "tool_call" }>

/**
 * Builds tool calls from the normalized stream, keyed by the provider's call index, so calls
 * whose fragments interleave are still told apart.
 */
export class ToolCallAssembler {
	private readonly calls = new Map<number, CallInProgress>()

	/** Adds a fragment; returns what is known of that call so far, for its preview. */
	addPartial(chunk: PartialChunk): { name?: string; partialInput: Record<string, unknown> } {
		const call = this.calls.get(chunk.index) ?? { argumentsText: "" }
		if (chunk.id) call.id = chunk.id
		if (chunk.name) call.name = chunk.name
		call.argumentsText += chunk.argumentsDelta
		this.calls.set(chunk.index, call)
		return {
			...(call.name !== undefined && { name: call.name }),
			partialInput: readPartial(call.argumentsText),
		}
	}

	complete(chunk: CompleteChunk): ToolUse {
		this.calls.delete(chunk.index)
		return toToolUse(chunk.id, chunk.name, chunk.arguments)
	}
}

function readPartial(text: string): Record<string, unknown> {
	// Over the limits the call is refused anyway; previewing it would only cost time on every chunk.
	if (text.trim() === "" || text.length > toolArgumentLimits.maxBytes) return {}
	try {
		const value: unknown = parsePartialJson(text)
		return isObject(value) ? value : {}
	} catch {
		return {}
	}
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value)

export function toToolUse(id: string, name: string, rawArguments: string): ToolUse {
	const overLimit = argumentsOverLimit(rawArguments)
	if (overLimit !== undefined)
		return { id, name, rawArguments: "{}", input: undefined, argumentsError: overLimit }
	const text = rawArguments.trim() === "" ? "{}" : rawArguments
	try {
		const value: unknown = JSON.parse(text)
		if (isObject(value)) return { id, name, rawArguments, input: value }
		return {
			id,
			name,
			rawArguments,
			input: undefined,
			argumentsError: "the arguments must be a JSON object",
		}
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error)
		return {
			id,
			name,
			rawArguments,
			input: undefined,
			argumentsError: `the arguments are not valid JSON (${reason})`,
		}
	}
}
