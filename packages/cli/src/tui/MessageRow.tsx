import type { ReactNode } from "react"
import {
	apiRetryDelaySchema,
	browserActionResultSchema,
	checkpointOf,
	clineAskCommandSchema,
	clineAskFollowupSchema,
	clineSayBrowserActionSchema,
	clineSayHookSchema,
	apiRequestInfo,
	clineSayToolSchema,
	mcpServerNotReadySchema,
	safeParseJson,
	type ClineMessage,
} from "@cairn/types"
import { Box, Text } from "ink"
import { numberFormat, t, type CliMessageKey } from "../i18n/cliI18n.js"
import { exitLabel, outcomeLabel } from "../output/endings.js"
import { contextLine, type ContextChange } from "../output/contextLine.js"
import { hookLine } from "../output/hookLine.js"
import { mentionsLeftOutLines } from "../output/mentionsLeftOutLines.js"
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
		row?.commandExit && exitLabel(row.commandExit),
		row?.outcome && outcomeLabel(row.outcome),
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
			{summary.allowRule !== undefined && asking && row?.outcome === undefined && (
				<Text dimColor> → {summary.allowRule}</Text>
			)}
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

/** A person's message, and under it the mentions whose content the model did not get. */
function PersonMessage({ message, children }: { message: ClineMessage; children: ReactNode }) {
	const leftOut = mentionsLeftOutLines(message.mentionsLeftOut ?? [])
	if (leftOut.length === 0) return children
	return (
		<Box flexDirection="column">
			{children}
			{leftOut.map((line) => (
				<Text key={line} color="yellow">
					{line}
				</Text>
			))}
		</Box>
	)
}

/** One transcript row, as the terminal shows it; rows with nothing to show render nothing. */
export function MessageRow({ message, isTask }: { message: ClineMessage; isTask: boolean }) {
	const text = message.text ?? ""
	if (message.type === "say") {
		switch (message.say) {
			case "text":
				if (isTask)
					return (
						<PersonMessage message={message}>
							<Text color="cyan" bold>
								› {text}
							</Text>
						</PersonMessage>
					)
				return <Text>{text}</Text>
			case "reasoning":
				return (
					<Text dimColor italic>
						{clipLines(text, message.partial ? 6 : 10)}
					</Text>
				)
			case "user_feedback":
				return (
					<PersonMessage message={message}>
						<Text color="cyan">› {text}</Text>
					</PersonMessage>
				)
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
				return <Text color="red">✗ {t("tui.blockedByIgnore", { path: text })}</Text>
			case "api_req_retry_delayed": {
				const retry = safeParseJson(apiRetryDelaySchema, text)
				if (!retry.success) return null
				const { attempt, maxAttempts, delayMs, error, result } = retry.data
				if (result === "succeeded")
					return <Text dimColor>⟳ {t("tui.retrySucceeded", { count: attempt })}</Text>
				if (result === "cancelled") return <Text dimColor>⟳ {t("tui.retryCancelled")}</Text>
				if (result === "failed")
					return <Text color="red">⟳ {t("tui.retryFailed", { count: attempt })}</Text>
				return (
					<Text color="yellow">
						⟳{" "}
						{t("tui.retryWaiting", {
							error,
							seconds: Math.ceil(delayMs / 1000),
							attempt,
							maxAttempts,
						})}
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
						↺{" "}
						{t("tui.restored", {
							commit: checkpoint.restore.restoredTo.slice(0, 12),
							written: numberFormat().format(checkpoint.restore.written.length),
							removed: numberFormat().format(checkpoint.restore.removed.length),
							skipped: numberFormat().format(checkpoint.restore.skipped.length),
							id,
						})}
					</Text>
				) : (
					<Text dimColor>◆ {t("tui.checkpoint", { id })}</Text>
				)
			}
			case "checkpoint_error":
				return <Text color="yellow">⚠ {text}</Text>
			case "mcp_server_not_ready": {
				const late = safeParseJson(mcpServerNotReadySchema, text)
				if (!late.success) return null
				return (
					<Text color="yellow">
						⚠{" "}
						{t("run.mcpNotReady", { server: late.data.server, seconds: late.data.waitedSeconds })}
					</Text>
				)
			}
			case "browser_action": {
				const action = safeParseJson(clineSayBrowserActionSchema, text)
				if (!action.success) return null
				const { action: name, coordinate, text: typed } = action.data
				return (
					<Text>
						<Text color="cyan">● </Text>
						<Text bold>{t(`browser.${name}` satisfies CliMessageKey)} </Text>
						{coordinate ?? typed ?? ""}
					</Text>
				)
			}
			case "browser_action_result": {
				const result = safeParseJson(browserActionResultSchema, text)
				if (!result.success) return null
				return (
					<Box flexDirection="column" marginLeft={2}>
						<Text dimColor>{t("tui.page", { url: result.data.currentUrl ?? "?" })}</Text>
						{result.data.unsandboxed ? (
							<Text color="yellow">
								⚠ {t(`chromiumSandbox.${result.data.unsandboxed}` satisfies CliMessageKey)}
							</Text>
						) : null}
						{result.data.logs ? <Text dimColor>{clipLines(result.data.logs, 8)}</Text> : null}
					</Box>
				)
			}
			case "api_req_started": {
				const failure = apiRequestInfo(message)?.streamingFailedMessage
				return failure ? <Text color="red">✗ {t("tui.streamFailed", { error: failure })}</Text> : null
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
			return <Text color="red">✗ {t("tui.apiRequestFailed", { error: text })}</Text>
		case "mistake_limit_reached":
			return <Text color="red">✗ {text}</Text>
		case "resume_task":
			return <Text color="yellow">■ {t("tui.taskInterrupted")}</Text>
		case "browser_action_launch":
			return (
				<Text>
					<Text color="yellow">● </Text>
					<Text bold>{t("tui.openBrowserAt")} </Text>
					{text}
					{message.outcome && <Text dimColor> ({outcomeLabel(message.outcome)})</Text>}
				</Text>
			)
		default:
			return null
	}
}
