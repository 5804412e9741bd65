import type { StreamEvent, InitInfo, Renderer, RunResult } from "@cairn/core"
import { t } from "../i18n/cliI18n.js"
import { budgetStatusLine } from "./budgetLine.js"
import { contextLine, type ContextChange } from "./contextLine.js"
import { costText, formatCost, formatTokens } from "./format.js"
import { hookLine } from "./hookLine.js"
import { mentionsLeftOutLines } from "./mentionsLeftOutLines.js"
import type { Style } from "./style.js"
import { clipLines, summarizeTool } from "./toolSummary.js"

const maxBodyLines = 60

/** Colours a unified diff line by line. */
export function styleDiff(diff: string, style: Style): string {
	return diff
		.split("\n")
		.map((line) => {
			if (line.startsWith("+++") || line.startsWith("---")) return style.bold(line)
			if (line.startsWith("+")) return style.green(line)
			if (line.startsWith("-")) return style.red(line)
			if (line.startsWith("@@")) return style.cyan(line)
			return line
		})
		.join("\n")
}

/**
 * Plain output for people: the model's text as it streams (deltas only, so nothing is printed
 * twice), one line per tool call with its diff, command output, the result and the cost.
 */
export class TextRenderer implements Renderer {
	private atLineStart = true

	constructor(
		private readonly write: (text: string) => void,
		private readonly style: Style,
	) {}

	private out(text: string): void {
		if (text === "") return
		this.write(text)
		this.atLineStart = text.endsWith("\n")
	}

	private line(text: string): void {
		if (!this.atLineStart) this.out("\n")
		this.out(`${text}\n`)
	}

	init(_info: InitInfo): void {}

	control(): void {}

	notice(text: string): void {
		this.line(this.style.dim(text))
	}

	event(event: StreamEvent): void {
		const { style } = this
		switch (event.type) {
			case "assistant":
				if (!event.done) this.out(event.delta)
				else if (!this.atLineStart) this.out("\n")
				return
			case "reasoning":
				if (!event.done) this.out(style.dim(event.delta))
				else if (!this.atLineStart) this.out("\n")
				return
			case "user":
				return
			case "tool_use": {
				const summary = summarizeTool(event.kind, event.input)
				const isCommand = event.kind === "command" || event.kind === "executeCommand"
				this.line(
					isCommand
						? `${style.cyan("$")} ${summary.target}`
						: `${style.cyan("●")} ${style.bold(summary.verb)} ${summary.target}`,
				)
				if (summary.note !== undefined) this.line(style.yellow(`  ! ${summary.note}`))
				if (summary.allowRule !== undefined) this.line(style.dim(`  → ${summary.allowRule}`))
				if (summary.body !== undefined && summary.body !== "") {
					const body = clipLines(summary.body, maxBodyLines)
					this.line(styleDiff(body, style))
				}
				return
			}
			case "tool_output":
				this.out(event.delta)
				return
			// A server's log would interleave with the model's text: its start and end are shown.
			case "background_output":
				return
			case "tool_result":
				if (!this.atLineStart) this.out("\n")
				if (event.status === "error") this.line(style.red(`  ✗ ${event.error ?? t("run.failed")}`))
				else if (event.status === "rejected") this.line(style.yellow(`  ✗ ${t("run.rejected")}`))
				else if (event.status === "cancelled") this.line(style.yellow(`  ✗ ${t("run.interrupted")}`))
				return
			case "ask":
				if (event.ask === "followup" && event.question !== undefined) {
					this.line(`${style.yellow("?")} ${event.question}`)
					event.suggestions?.forEach((answer, i) => this.line(`  ${i + 1}) ${answer}`))
				}
				return
			case "completion":
				this.line(`${style.green("✓")} ${event.text}`)
				return
			case "error":
				this.line(style.red(`✗ ${event.message}`))
				return
			case "system":
				if (event.subtype === "retry") {
					const seconds = Math.ceil(event.delayMs / 1000)
					this.line(
						style.yellow(
							`⟳ ${t("run.retrying", { error: event.error, seconds, attempt: event.attempt, maxAttempts: event.maxAttempts })}`,
						),
					)
				} else if (
					event.subtype === "ask_answered" &&
					event.by === "auto" &&
					event.ask === "followup"
				) {
					this.line(style.dim(`→ ${t("run.answeredAuto", { text: event.text ?? "" })}`))
				} else if (event.subtype === "hook") {
					const { tone, text } = hookLine(event.hook)
					this.line(tone === "yellow" ? style.yellow(text) : style.dim(text))
				} else if (event.subtype === "context_condensed") {
					this.context({ kind: "condensed", condense: event })
				} else if (event.subtype === "condense_failed") {
					this.context({ kind: "failed", error: event.error })
				} else if (event.subtype === "context_truncated") {
					this.context({ kind: "truncated", ...(event.text !== undefined && { text: event.text }) })
				} else if (event.subtype === "mentions_left_out") {
					for (const line of mentionsLeftOutLines(event.mentions)) this.line(style.yellow(line))
				} else if (event.subtype === "background_command") {
					this.line(style.dim(backgroundLine(event)))
				} else if (event.subtype === "budget_notice") {
					this.line(style.yellow(`⚠ ${budgetStatusLine(event, false)}`))
				} else if (event.subtype === "mcp_server_not_ready") {
					this.line(
						style.yellow(
							`⚠ ${t("run.mcpNotReady", { server: event.server, seconds: event.waitedSeconds })}`,
						),
					)
				} else if (event.subtype === "subtask_started") {
					this.line(style.dim(`↳ ${t("run.subtaskStarted", { taskId: event.taskId })}`))
				} else if (event.subtype === "subtask_returned") {
					this.line(
						style.dim(
							`↩ ${t("run.subtaskReturned", { taskId: event.taskId, parentTaskId: event.parentTaskId })}`,
						),
					)
				} else if (event.subtype === "task_resumed") {
					this.line(
						style.dim(
							t("run.continuing", {
								taskId: event.taskId,
								task: event.task.split("\n")[0] ?? "",
							}),
						),
					)
				}
				return
			case "cost":
				return
		}
	}

	private context(change: ContextChange): void {
		const { tone, text, body } = contextLine(change)
		this.line(tone === "yellow" ? this.style.yellow(text) : this.style.dim(text))
		if (body !== undefined) this.line(this.style.dim(indent(body)))
	}

	result(result: RunResult): void {
		const { tokens } = result
		const line = t("run.cost", {
			cost: costText(result.cost, result.unpricedRequests ?? 0),
			input: formatTokens(tokens.input),
			output: formatTokens(tokens.output),
		})
		const subtasks = result.subtasks && t("run.subtasksPart", { cost: formatCost(result.subtasks.cost) })
		this.line(this.style.dim(subtasks === undefined ? line : `${line} · ${subtasks}`))
	}
}

function backgroundLine(event: Extract<StreamEvent, { subtype: "background_command" }>): string {
	if (event.state === "running")
		return `⧗ ${t("background.started", { id: event.id, command: event.command })}`
	const how =
		event.stoppedBy === "person"
			? t("background.byPerson")
			: event.stoppedBy === "agent"
				? t("background.byAgent")
				: event.stoppedBy === "task"
					? t("background.byTask")
					: event.exit?.exitCode !== undefined
						? t("background.exitCode", { code: event.exit.exitCode })
						: t("run.failed")
	return `■ ${t("background.ended", { id: event.id, how })}`
}

function indent(text: string): string {
	return text
		.split("\n")
		.map((line) => `  ${line}`)
		.join("\n")
}
