import type { Content, FunctionDeclaration, Part } from "@google/genai"
import type { ApiMessage, AssistantBlock, UserBlock } from "../apiMessage.js"
import type { ToolSpec } from "../modelProvider.js"
import { fallbackToolCallId, imagesOf, toolArgumentsObject, toolResultText } from "../wireHelpers.js"
import { sameBlocks, wireFormCache } from "../wireForms.js"

/**
 * Gemini's thought signatures travel in the neutral history as the signature of a reasoning block,
 * marked so that no other provider is sent one (Anthropic refuses a signature it did not make) and
 * Gemini is sent only its own.
 */
const signaturePrefix = "gemini:"

export function markGeminiSignature(signature: string): string {
	return signaturePrefix + signature
}

export function isGeminiSignature(signature: string): boolean {
	return signature.startsWith(signaturePrefix)
}

/** Ids Cairn made up for calls Gemini sent without one; Gemini is not sent them back. */
const syntheticIdPrefix = "gemini_call_"

export function syntheticCallId(index: number): string {
	return syntheticIdPrefix + fallbackToolCallId(index)
}

/**
 * Gemini 3 refuses a history whose function calls lack the signature it gave them; calls it never
 * signed (made by another provider before a switch) carry the value Google documents for that case.
 */
const unsignedCallSignature = "skip_thought_signature_validator"

export function requiresSignedCalls(modelId: string): boolean {
	const match = /gemini-(\d+)/.exec(modelId)
	return match !== null && Number(match[1]) >= 3
}

function inlineImage(block: { mediaType: string; data: string }): Part {
	return { inlineData: { mimeType: block.mediaType, data: block.data } }
}

function userParts(blocks: readonly UserBlock[], callNames: ReadonlyMap<string, string>): Part[] {
	const results: Part[] = []
	const rest: Part[] = []
	for (const block of blocks) {
		if (block.type === "tool_result") {
			const text = toolResultText(block)
			results.push({
				functionResponse: {
					...(!block.toolUseId.startsWith(syntheticIdPrefix) && { id: block.toolUseId }),
					// Gemini matches a response to its call by name; the history keeps it only on the call.
					name: callNames.get(block.toolUseId) ?? "unknown_tool",
					response: block.isError ? { error: text } : { output: text },
				},
			})
			// toolResultText tells the model these follow.
			rest.push(...imagesOf(block.content).map(inlineImage))
		} else if (block.type === "image") rest.push(inlineImage(block))
		else if (block.text !== "") rest.push({ text: block.text })
	}
	// The responses must answer the calls before anything else is said.
	return [...results, ...rest]
}

function modelParts(blocks: readonly AssistantBlock[], signedCalls: boolean): Part[] {
	const signatures = blocks.flatMap((block) =>
		block.type === "reasoning" && block.signature && isGeminiSignature(block.signature)
			? [block.signature.slice(signaturePrefix.length)]
			: [],
	)
	const parts: Part[] = []
	for (const block of blocks) {
		// Thought text is Gemini's summary for the person; the signature carries the thinking itself.
		if (block.type === "reasoning") continue
		if (block.type === "text") {
			if (block.text !== "") parts.push({ text: block.text })
			continue
		}
		// In the order the SDK writes a call's fields (keptEncoding.ts sends these forms' own JSON).
		parts.push({
			functionCall: {
				args: toolArgumentsObject(block),
				...(!block.id.startsWith(syntheticIdPrefix) && { id: block.id }),
				name: block.name,
			},
		})
	}
	// Gemini signs the first function call of a turn (or its text when it made none), and wants the
	// signature back on the same part.
	const first = parts.find((part) => part.functionCall) ?? parts[0]
	const signature =
		signatures[0] ?? (signedCalls && first?.functionCall ? unsignedCallSignature : undefined)
	if (first && signature) first.thoughtSignature = signature
	return parts
}

/**
 * Each history message's Gemini form, for the requests after it (the whole history is sent at
 * every turn, and its kept forms are what keptEncoding.ts encodes once). A form also depends on
 * what it was made with: a tool result on the name of its call (an earlier message), a model turn
 * on whether the model wants signed calls; `made` notes that, so a change makes the form again.
 * A message only ever gains blocks, never changed in place (see openaiMessages.ts).
 */
const converted = wireFormCache<
	ApiMessage,
	{ blocks: readonly object[]; made: string; wire: Content | undefined }
>()

function wireForm(message: ApiMessage, made: string, make: () => Part[]): Content | undefined {
	const known = converted.get(message)
	if (known !== undefined && known.made === made && sameBlocks(known.blocks, message.content))
		return known.wire
	const parts = make()
	// An empty turn is refused. `parts` before `role`: the order the SDK writes a content's fields.
	const wire = parts.length > 0 ? { parts, role: message.role === "user" ? "user" : "model" } : undefined
	converted.set(message, { blocks: [...message.content], made, wire })
	return wire
}

/** The neutral history as Gemini `contents` (roles `user` and `model`), shared between requests. */
export function toGeminiContents(messages: readonly ApiMessage[], modelId: string): Content[] {
	const callNames = new Map<string, string>()
	const signedCalls = String(requiresSignedCalls(modelId))
	const contents: Content[] = []
	for (const message of messages) {
		let wire: Content | undefined
		if (message.role === "user") {
			const names = message.content.map((block) =>
				block.type === "tool_result" ? (callNames.get(block.toolUseId) ?? "") : "",
			)
			wire = wireForm(message, names.join("\n"), () => userParts(message.content, callNames))
		} else {
			for (const block of message.content)
				if (block.type === "tool_use") callNames.set(block.id, block.name)
			wire = wireForm(message, signedCalls, () => modelParts(message.content, signedCalls === "true"))
		}
		if (wire !== undefined) contents.push(wire)
	}
	return contents
}

export function toGeminiTools(tools: readonly ToolSpec[]): FunctionDeclaration[] {
	return tools.map((tool) => ({
		name: tool.name,
		description: tool.description,
		// Plain JSON Schema, as Cairn's specs are written; `parameters` takes only an OpenAPI subset.
		parametersJsonSchema: { type: "object", ...tool.inputSchema },
	}))
}
