import type { ClineMessage } from "@cairn/types"
import type { AssistantBlock } from "../providers/apiMessage.js"
import type { ApiStreamChunk, ApiUsageChunk } from "../providers/modelProvider.js"
import type { Transcript } from "../task/transcript.js"
import type { ToolDefinition, ToolPreview } from "../tools/toolDefinition.js"
import { ToolCallAssembler, type ToolUse } from "./toolCallAssembler.js"
import { unrunPreview, type UnrunOutcome } from "./unrunPreview.js"

/** What one model response produced; filled in as the stream goes, so a cut stream leaves what arrived. */
export class TurnOutput {
	text = ""
	/** All reasoning text, for display. */
	reasoning = ""
	/**
	 * Reasoning as the provider delimited it. Anthropic signs each thinking block and rejects a
	 * history whose blocks were merged or dropped, even blocks with no visible text.
	 */
	private readonly reasoningBlocks: { text: string; signature?: string; closed: boolean }[] = []
	readonly toolUses: ToolUse[] = []
	usage: Omit<ApiUsageChunk, "type"> = { inputTokens: 0, outputTokens: 0 }
	/** The transcript row previewing the first tool call, finished when that call runs. */
	previewRow: { callId?: string; ts: number } | undefined
	private textRow: number | undefined
	private reasoningRow: number | undefined

	/** The assistant message for the API history, as far as it got. */
	assistantBlocks(includeToolUses: boolean): AssistantBlock[] {
		const blocks: AssistantBlock[] = []
		for (const block of this.reasoningBlocks) {
			if (block.text === "" && block.signature === undefined) continue
			blocks.push({
				type: "reasoning",
				text: block.text,
				...(block.signature !== undefined && { signature: block.signature }),
			})
		}
		if (this.text.trim() !== "") blocks.push({ type: "text", text: this.text })
		if (includeToolUses) {
			for (const use of this.toolUses)
				blocks.push({
					type: "tool_use",
					id: use.id,
					name: use.name,
					input: use.input ?? use.rawArguments,
				})
		}
		return blocks
	}

	addReasoning(text: string, signature: string | undefined): void {
		let block = this.reasoningBlocks.at(-1)
		if (block === undefined || block.closed) {
			block = { text: "", closed: false }
			this.reasoningBlocks.push(block)
		}
		block.text += text
		this.reasoning += text
		if (signature !== undefined) {
			block.signature = signature
			block.closed = true
		}
	}

	get isEmpty(): boolean {
		return this.text.trim() === "" && this.toolUses.length === 0
	}

	/** Marks the streamed text and reasoning rows final (at the end, or when the stream was cut). */
	finishRows(transcript: Transcript): void {
		if (this.reasoningRow !== undefined)
			transcript.update(this.reasoningRow, { text: this.reasoning, partial: false })
		if (this.textRow !== undefined) transcript.update(this.textRow, { text: this.text, partial: false })
		this.reasoningRow = undefined
		this.textRow = undefined
	}

	/**
	 * Settles a preview whose call will never run: the row stays, as far as it streamed, marked
	 * with why it did not run, and no stale ask is left behind.
	 */
	abandonPreview(transcript: Transcript, outcome: UnrunOutcome): void {
		if (this.previewRow === undefined) return
		const row = transcript.all.find((message) => message.ts === this.previewRow?.ts)
		if (row !== undefined) transcript.update(row.ts, unrunPreview(row, outcome))
		this.previewRow = undefined
	}

	showText(transcript: Transcript): void {
		if (this.reasoningRow !== undefined) {
			transcript.update(this.reasoningRow, { text: this.reasoning, partial: false })
			this.reasoningRow = undefined
		}
		if (this.textRow === undefined)
			this.textRow = transcript.append({ type: "say", say: "text" }, { text: this.text }, true).ts
		else transcript.update(this.textRow, { text: this.text, partial: true })
	}

	showReasoning(transcript: Transcript): void {
		if (this.reasoningRow === undefined) {
			this.reasoningRow = transcript.append(
				{ type: "say", say: "reasoning" },
				{ text: this.reasoning },
				true,
			).ts
		} else transcript.update(this.reasoningRow, { text: this.reasoning, partial: true })
	}
}

function previewFields(preview: ToolPreview): {
	kind: Pick<ClineMessage, "type" | "ask" | "say">
	text: string
} {
	if ("say" in preview) return { kind: { type: "say", say: preview.say }, text: preview.text }
	switch (preview.ask) {
		case "tool":
			return { kind: { type: "ask", ask: "tool" }, text: JSON.stringify(preview.row) }
		case "command":
			return { kind: { type: "ask", ask: "command" }, text: JSON.stringify(preview.command) }
		case "followup":
			return { kind: { type: "ask", ask: "followup" }, text: JSON.stringify(preview.followup) }
	}
}

/**
 * Reads one model response into `output`, showing it as it streams: reasoning and text rows
 * grow in place, and the first tool call's row appears (path first) while its arguments stream.
 * Only the first call is previewed, and nothing is shown after a call starts, so the row that
 * later asks for approval is the transcript's last message, as every client expects of an ask.
 */
export async function streamTurn(
	stream: AsyncIterable<ApiStreamChunk>,
	output: TurnOutput,
	transcript: Transcript,
	tools: ReadonlyMap<string, ToolDefinition<unknown, string>>,
	listeners: { usage?: (usage: Omit<ApiUsageChunk, "type">) => void } = {},
): Promise<void> {
	const assembler = new ToolCallAssembler()
	let firstCallIndex: number | undefined
	const callsStarted = () => firstCallIndex !== undefined

	for await (const chunk of stream) {
		switch (chunk.type) {
			case "text":
				output.text += chunk.text
				if (!callsStarted()) output.showText(transcript)
				break
			case "reasoning":
				output.addReasoning(chunk.text, chunk.signature)
				if (!callsStarted() && output.text === "" && chunk.text !== "")
					output.showReasoning(transcript)
				break
			case "tool_call_partial": {
				firstCallIndex ??= chunk.index
				const { name, partialInput } = assembler.addPartial(chunk)
				if (chunk.index !== firstCallIndex || name === undefined) break
				const preview = tools.get(name)?.preview?.(partialInput)
				if (preview === undefined) break
				output.finishRows(transcript)
				const { kind, text } = previewFields(preview)
				if (output.previewRow === undefined) {
					output.previewRow = {
						...(chunk.id && { callId: chunk.id }),
						ts: transcript.append(kind, { text }, true).ts,
					}
				} else transcript.update(output.previewRow.ts, { text, partial: true })
				break
			}
			case "tool_call":
				firstCallIndex ??= chunk.index
				output.toolUses.push(assembler.complete(chunk))
				if (
					output.previewRow !== undefined &&
					output.previewRow.callId === undefined &&
					chunk.index === firstCallIndex
				) {
					output.previewRow.callId = chunk.id
				}
				break
			case "usage":
				output.usage = {
					inputTokens: chunk.inputTokens,
					outputTokens: chunk.outputTokens,
					...(chunk.cacheWriteTokens !== undefined && { cacheWriteTokens: chunk.cacheWriteTokens }),
					...(chunk.cacheReadTokens !== undefined && { cacheReadTokens: chunk.cacheReadTokens }),
					...(chunk.costUsd !== undefined && { costUsd: chunk.costUsd }),
					...(chunk.reasoningTokens !== undefined && { reasoningTokens: chunk.reasoningTokens }),
					...(chunk.estimated && { estimated: true }),
				}
				listeners.usage?.(output.usage)
				break
		}
	}
	output.finishRows(transcript)
}
