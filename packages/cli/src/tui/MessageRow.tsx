import {
	apiRetryDelaySchema,
	browserActionResultSchema,
	checkpointOf,
	clineAskCommandSchema,
	clineAskFollowupSchema,
	clineSayBrowserActionSchema,
	clineSayHookSchema,
	clineSayToolSchema,
	exitText,
	outcomeLabels,
	safeParseJson,
	type ClineMessage,
} from "@cairn/types"
import { Box, Text } from "ink"
import { apiRequestInfo } from "@cairn/core"
import { contextLine, type ContextChange } from "../output/contextLine.js"
import { hookLine } from "../output/hookLine.js"
import { clipLines, summarizeTool } from "../output/toolSummary.js"
import { DiffView } from "./DiffView.js"

function ToolLine({
	kind,
	input,
	asking,
	row,
}: {
	kind: string
	input: Record<string, unknown>
	asking: boolean
	/** The row's outcome and a command's exit, said after the line once known. */
	row?: Pick<ClineMessage, "outcome" | "commandExit">
}) {
	const summary = summarizeTool(kind, input)
	const isCommand = kind === "command" || kind === "executeCommand"
	const ended = [
		row?.commandExit && exitText(row.commandExit),
		row?.outcome && outcomeLabels[row.outcome],
	].filter(Boolean)
	return (
		<Box flexDirection="column">
			<Text>
				<Text color={asking && row?.outcome === undefined ? "yellow" : "cyan"}>
					{isCommand ? "$" : "●"}{" "}
				</Text>
				{isCommand ? null : <Text bold>{summary.verb} </Text>}
				{summary.target}
				{ended.length > 0 && <Text dimColor> ({ended.join(", ")})</Text>}
			</Text>
			{summary.note !== undefined && <Text color="yellow"> ! {summary.note}</Text>}
			{summary.body !== undefined && summary.body !== "" && (
				<DiffView body={summary.body} maxLines={asking ? 40 : 12} />
			)}
		</Box>
	)
}

function ContextLine({ change }: { change: ContextChange }) {
	const { tone, text, body } = contextLine(change)
	return (
		<Box flexDirection="column">
			{tone === "yellow" ? <Text color="yellow">{text}</Text> : <Text dimColor>{text}</Text>}
			{body !== undefined && (
				<Box marginLeft={2}>
					<Text dimColor>{body}</Text>
				</Box>
			)}
		</Box>
	)
}

/** A condense row: in progress while partial, then its figures and summary. */
function condenseChange(message: ClineMessage): ContextChange | undefined {
	if (message.partial === true) return { kind: "condensing" }
	const condense = message.contextCondense
	return condense === undefined ? undefined : { kind: "condensed", condense }
}

/** One transcript row, as the terminal shows it; rows with nothing to show render nothing. */
export function MessageRow({ message, isTask }: { message: ClineMessage; isTask: boolean }) {
	const text = message.text ?? ""
	if (message.type === "say") {
		switch (message.say) {
			case "text":
				if (isTask)
					return (
						<Text color="cyan" bold>
							› {text}
						</Text>
					)
				return <Text>{text}</Text>
			case "reasoning":
				return (
					<Text dimColor italic>
						{clipLines(text, message.partial ? 6 : 10)}
					</Text>
				)
			case "user_feedback":
				return <Text color="cyan">› {text}</Text>
			case "tool": {
				const parsed = safeParseJson(clineSayToolSchema, text)
				if (!parsed.success) return null
				const { tool, ...input } = parsed.data
				return <ToolLine kind={tool} input={input} asking={false} row={message} />
			}
			case "completion_result":
				return <Text color="green">✓ {text}</Text>
			case "error":
			case "diff_error":
				return <Text color="red">✗ {text}</Text>
			case "rooignore_error":
				return <Text color="red">✗ {text} is blocked by .cairnignore</Text>
			case "api_req_retry_delayed": {
				const retry = safeParseJson(apiRetryDelaySchema, text)
				if (!retry.success) return null
				const { attempt, maxAttempts, delayMs, error, result } = retry.data
				if (result === "succeeded")
					return <Text dimColor>⟳ went through after {attempt} retries</Text>
				if (result === "cancelled") return <Text dimColor>⟳ retrying stopped (cancelled)</Text>
				if (result === "failed")
					return (
						<Text color="red">
							⟳ {error}; failed after {attempt} retries
						</Text>
					)
				return (
					<Text color="yellow">
						⟳ {error}; retrying in {Math.ceil(delayMs / 1000)}s ({attempt}/{maxAttempts})
					</Text>
				)
			}
			case "hook": {
				const parsed = safeParseJson(clineSayHookSchema, text)
				if (!parsed.success) return null
				const line = hookLine(parsed.data)
				return line.tone === "yellow" ? (
					<Text color="yellow">{line.text}</Text>
				) : (
					<Text dimColor>{line.text}</Text>
				)
			}
			case "condense_context": {
				const change = condenseChange(message)
				return change === undefined ? null : <ContextLine change={change} />
			}
			case "condense_context_error":
				return <ContextLine change={{ kind: "failed", error: text }} />
			case "sliding_window_truncation":
				return <ContextLine change={{ kind: "truncated", text }} />
			case "checkpoint_saved": {
				const checkpoint = checkpointOf(message)
				if (checkpoint === undefined) return null
				const id = checkpoint.commit.slice(0, 12)
				return checkpoint.restore ? (
					<Text color="yellow">
						↺ restored files to {checkpoint.restore.restoredTo.slice(0, 12)}:{" "}
						{checkpoint.restore.written.length} written, {checkpoint.restore.removed.length}{" "}
						removed, {checkpoint.restore.skipped.length} left alone (undo: cairn checkpoints{" "}
						{"<task>"} restore {id})
					</Text>
				) : (
					<Text dimColor>◆ checkpoint {id}</Text>
				)
			}
			case "checkpoint_error":
				return <Text color="yellow">⚠ {text}</Text>
			case "browser_action": {
				const action = safeParseJson(clineSayBrowserActionSchema, text)
				if (!action.success) return null
				const { action: name, coordinate, text: typed } = action.data
				return (
					<Text>
						<Text color="cyan">● </Text>
						<Text bold>Browser {name.replace("_", " ")} </Text>
						{coordinate ?? typed ?? ""}
					</Text>
				)
			}
			case "browser_action_result": {
				const result = safeParseJson(browserActionResultSchema, text)
				if (!result.success) return null
				return (
					<Box flexDirection="column" marginLeft={2}>
						<Text dimColor>page: {result.data.currentUrl ?? "?"} (screenshot taken)</Text>
						{result.data.logs ? <Text dimColor>{clipLines(result.data.logs, 8)}</Text> : null}
					</Box>
				)
			}
			case "api_req_started": {
				const failure = apiRequestInfo(message)?.streamingFailedMessage
				return failure ? <Text color="red">✗ request failed: {failure}</Text> : null
			}
			default:
				return null
		}
	}
	switch (message.ask) {
		case "tool": {
			const parsed = safeParseJson(clineSayToolSchema, text)
			if (!parsed.success) return null
			const { tool, ...input } = parsed.data
			return <ToolLine kind={tool} input={input} asking={message.partial !== true} row={message} />
		}
		case "command": {
			const parsed = safeParseJson(clineAskCommandSchema, text)
			return parsed.success ? (
				<ToolLine
					kind="command"
					input={parsed.data}
					asking={message.partial !== true}
					row={message}
				/>
			) : null
		}
		case "command_output":
			return (
				<Box marginLeft={2}>
					<Text dimColor>{clipLines(text.replace(/\n$/, ""), 15)}</Text>
				</Box>
			)
		case "followup": {
			const parsed = safeParseJson(clineAskFollowupSchema, text)
			return parsed.success ? <Text color="yellow">? {parsed.data.question}</Text> : null
		}
		case "api_req_failed":
			return <Text color="red">✗ API request failed: {text}</Text>
		case "mistake_limit_reached":
			return <Text color="red">✗ {text}</Text>
		case "resume_task":
			return <Text color="yellow">■ Task interrupted</Text>
		case "browser_action_launch":
			return (
				<Text>
					<Text color="yellow">● </Text>
					<Text bold>Open the browser at </Text>
					{text}
					{message.outcome && <Text dimColor> ({outcomeLabels[message.outcome]})</Text>}
				</Text>
			)
		default:
			return null
	}
}
