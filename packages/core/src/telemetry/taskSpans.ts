import type { EventEmitter } from "node:events"
import {
	ROOT_CONTEXT,
	SpanStatusCode,
	trace,
	type Attributes,
	type Span,
	type Tracer,
} from "@opentelemetry/api"
import { askCategory, type ClineMessage } from "@cairn/types"
import type { DispatchOutcome } from "../assistant-message/dispatchToolUse.js"
import type { ToolUse } from "../assistant-message/toolCallAssembler.js"
import type { ApiUsageChunk } from "../providers/modelProvider.js"
import type { TaskEvents } from "../task/taskEvents.js"
import type { TranscriptChange } from "../task/transcript.js"
import type { Redaction } from "./redaction.js"
import type { TaskTelemetry, ToolCallTelemetry } from "./taskTelemetry.js"
import type { TelemetryInstruments } from "./telemetryInstruments.js"

/** What a task's spans say of it besides what it does. */
export interface TaskAbout {
	taskId: string
	/** The model it talks to now (the person may switch it while it runs). */
	model: () => string
	/** A subtask: the task whose new_task call is waiting for it. */
	parentTaskId?: string
}

/** The tasks whose runs are open, by id: a subtask's span goes under its parent's new_task call. */
export type OpenTasks = Map<string, TaskSpans>

export interface TaskSpansParts {
	tracer: Tracer
	instruments: TelemetryInstruments
	about: TaskAbout
	exportContent: boolean
	redaction: Redaction
	/** Sends what is buffered (the task ended); never awaited by the task. */
	flush: () => void
	open: OpenTasks
}

/** Content is cut to this many characters: a span is a record, not a copy of the workspace. */
const contentLimit = 8_192
const toolNameLimit = 64

interface OpenRequest {
	span: Span
	started: number
}

interface PendingAsk {
	ask: string
	shown: number
	/** The tool call it was asked for: its span gets the answer once the call says how it went. */
	tool: OpenTool | undefined
}

interface OpenTool {
	span: Span
	answered?: { at: number; waitMs: number; ask: string }
}

/**
 * One task's trace: a span for each run of the task, a span for each model request under it, and a
 * span for each tool call under the request that asked for it; approvals and questions are events
 * on the tool call's span. Metrics are recorded as the same facts arrive. Words (prompts, files,
 * command output) go only when the person allowed content, and never with a key in them.
 */
export class TaskSpans implements TaskTelemetry {
	private task: Span | undefined
	private readonly requests = new Map<number, OpenRequest>()
	/** The request whose answer the coming tool calls come from. */
	private lastRequest: Span | undefined
	private tool: OpenTool | undefined
	private pendingAsk: PendingAsk | undefined
	private lastAskTs: number | undefined
	private promptExpected = false

	constructor(private readonly parts: TaskSpansParts) {}

	/** The call running now: a subtask's run goes under it (the parent's new_task). */
	get runningCall(): Span | undefined {
		return this.tool?.span
	}

	observe(task: EventEmitter<TaskEvents>): void {
		task.on("taskStarted", () => {
			this.taskSpan()
			this.promptExpected = true
		})
		task.on("message", (change) => this.message(change))
		task.on("taskAskResponded", () => this.answered())
		task.on("taskCompleted", () => this.endTask("completed"))
		task.on("taskAborted", () => this.endTask("aborted"))
	}

	billed(usage: Omit<ApiUsageChunk, "type">, cost: number, kind: "request" | "summary"): void {
		const { instruments } = this.parts
		const common = { "gen_ai.request.model": this.parts.about.model(), "cairn.request.kind": kind }
		const byType: [string, number | undefined][] = [
			["input", usage.inputTokens],
			["output", usage.outputTokens],
			["cache_read", usage.cacheReadTokens],
			["cache_write", usage.cacheWriteTokens],
		]
		for (const [type, count] of byType)
			if (count !== undefined) instruments.tokens.add(count, { ...common, "gen_ai.token.type": type })
		instruments.cost.add(cost, common)
	}

	toolStarted(use: ToolUse): ToolCallTelemetry {
		const parent = this.lastRequest ?? this.taskSpan()
		// The model names the tool: an unknown name is its words, so it is cut short and cleaned too.
		const name = this.parts.redaction.text(use.name).slice(0, toolNameLimit)
		const span = this.parts.tracer.startSpan(
			`execute_tool ${name}`,
			{
				attributes: this.attributes(
					{
						"gen_ai.operation.name": "execute_tool",
						"gen_ai.tool.name": name,
						"gen_ai.tool.call.id": use.id,
					},
					{ "cairn.tool.input": use.rawArguments },
				),
			},
			trace.setSpan(ROOT_CONTEXT, parent),
		)
		const open: OpenTool = { span }
		this.tool = open
		return { ended: (outcome) => this.endTool(open, name, outcome) }
	}

	private endTool(open: OpenTool, name: string, outcome: DispatchOutcome): void {
		const { span, answered } = open
		const result = outcome.failed ? "failed" : outcome.rejected ? "rejected" : "succeeded"
		if (answered)
			span.addEvent(
				"approval.answered",
				{
					"cairn.ask.type": answered.ask,
					"cairn.approval.approved": !outcome.rejected,
					"cairn.wait.ms": answered.waitMs,
				},
				answered.at,
			)
		span.setAttributes(
			this.attributes(
				{ "cairn.tool.outcome": result },
				{
					"cairn.tool.output": outcome.result.content
						.map((block) => ("text" in block ? block.text : ""))
						.join("\n"),
				},
			),
		)
		if (outcome.failed)
			span.setStatus({
				code: SpanStatusCode.ERROR,
				...(this.parts.exportContent && outcome.error && { message: this.content(outcome.error) }),
			})
		span.end()
		if (this.tool === open) this.tool = undefined
		this.parts.instruments.toolCalls.add(1, { "gen_ai.tool.name": name, "cairn.tool.outcome": result })
		if (outcome.failed) this.parts.instruments.toolFailures.add(1, { "gen_ai.tool.name": name })
	}

	/** The span of the task's current run, started when the run's first fact arrives. */
	private taskSpan(): Span {
		if (this.task !== undefined) return this.task
		const { about, open } = this.parts
		const parent =
			about.parentTaskId === undefined ? undefined : open.get(about.parentTaskId)?.runningCall
		this.task = this.parts.tracer.startSpan(
			"cairn.task",
			{
				attributes: {
					"cairn.task.id": about.taskId,
					"gen_ai.request.model": about.model(),
					...(about.parentTaskId !== undefined && { "cairn.task.parent_id": about.parentTaskId }),
				},
			},
			parent === undefined ? ROOT_CONTEXT : trace.setSpan(ROOT_CONTEXT, parent),
		)
		open.set(about.taskId, this)
		return this.task
	}

	/** The export is closing (the process ends) while the task still runs or waits: its run ends here. */
	closeRun(): void {
		this.endTask("unfinished")
	}

	private endTask(outcome: "completed" | "aborted" | "unfinished"): void {
		const span = this.task
		if (span === undefined) return
		for (const [ts, request] of this.requests) this.endRequest(ts, request, { cancelled: true })
		// A call the cancel interrupted never returned its outcome.
		this.tool?.span.setAttribute("cairn.tool.outcome", "cancelled").end()
		this.tool = undefined
		span.setAttribute("cairn.task.outcome", outcome)
		span.end()
		this.task = undefined
		this.lastRequest = undefined
		this.parts.open.delete(this.parts.about.taskId)
		this.parts.flush()
	}

	private message({ action, message }: TranscriptChange): void {
		if (message.type === "ask") this.asked(message)
		else if (message.say === "api_req_started") this.requestRow(action, message)
		else if (message.say === "api_req_retry_delayed") this.retryRow(message)
		else if (message.say === "user_feedback" || (message.say === "text" && this.promptExpected)) {
			this.promptExpected = false
			if (message.text)
				this.taskSpan().addEvent(
					"person.message",
					this.attributes({}, { "cairn.text": message.text }),
				)
		}
	}

	private requestRow(action: TranscriptChange["action"], message: ClineMessage): void {
		const info = parsed(message.text)
		if (action === "created") {
			const span = this.parts.tracer.startSpan(
				`chat ${this.parts.about.model()}`,
				{
					attributes: this.attributes(
						{
							"gen_ai.operation.name": "chat",
							"gen_ai.request.model": this.parts.about.model(),
							...(typeof info.apiProtocol === "string" && {
								"gen_ai.system": info.apiProtocol,
							}),
						},
						{ "cairn.request.summary": typeof info.request === "string" ? info.request : "" },
					),
				},
				trace.setSpan(ROOT_CONTEXT, this.taskSpan()),
			)
			this.requests.set(message.ts, { span, started: performance.now() })
			return
		}
		const open = this.requests.get(message.ts)
		// The row's cost is written once, when the request (all its attempts) has ended.
		if (open === undefined || typeof info.cost !== "number") return
		this.endRequest(message.ts, open, info)
	}

	private endRequest(ts: number, open: OpenRequest, info: Record<string, unknown>): void {
		const { span } = open
		const number = (key: string) => (typeof info[key] === "number" ? { [key]: info[key] } : {})
		const counts = {
			...number("tokensIn"),
			...number("tokensOut"),
			...number("cacheReads"),
			...number("cacheWrites"),
		}
		span.setAttributes({
			...(counts.tokensIn !== undefined && { "gen_ai.usage.input_tokens": counts.tokensIn }),
			...(counts.tokensOut !== undefined && { "gen_ai.usage.output_tokens": counts.tokensOut }),
			...(counts.cacheReads !== undefined && { "cairn.usage.cache_read_tokens": counts.cacheReads }),
			...(counts.cacheWrites !== undefined && { "cairn.usage.cache_write_tokens": counts.cacheWrites }),
			...(typeof info.cost === "number" && { "cairn.cost.usd": info.cost }),
			...(typeof info.cancelReason === "string" && {
				"cairn.request.cancel_reason": info.cancelReason,
			}),
			...(info.cancelled === true && { "cairn.request.cancel_reason": "task_ended" }),
		})
		if (info.cancelReason === "streaming_failed") span.setStatus({ code: SpanStatusCode.ERROR })
		span.end()
		this.requests.delete(ts)
		this.lastRequest = span
		this.parts.instruments.requestDuration.record((performance.now() - open.started) / 1000, {
			"gen_ai.request.model": this.parts.about.model(),
		})
	}

	private retryRow(message: ClineMessage): void {
		if (message.partial === true) return
		const delay = parsed(message.text)
		const open = [...this.requests.values()].at(-1)
		if (open === undefined || delay.result !== undefined) return
		open.span.addEvent("retry", {
			...(typeof delay.attempt === "number" && { "cairn.retry.attempt": delay.attempt }),
			...(typeof delay.status === "number" && { "http.response.status_code": delay.status }),
			...(typeof delay.delayMs === "number" && { "cairn.retry.delay_ms": delay.delayMs }),
		})
	}

	private asked(message: ClineMessage): void {
		if (message.partial === true || message.ask === undefined) return
		// An ask's row is updated after the answer (how it ended): that is not a new question.
		if (askCategory(message.ask) !== "interactive" || message.ts === this.lastAskTs) return
		this.lastAskTs = message.ts
		const tool = this.tool
		this.pendingAsk = { ask: message.ask, shown: performance.now(), tool }
		const name = message.ask === "followup" ? "question.asked" : "approval.asked"
		;(tool?.span ?? this.taskSpan()).addEvent(
			name,
			this.attributes({ "cairn.ask.type": message.ask }, { "cairn.text": message.text ?? "" }),
		)
	}

	private answered(): void {
		const pending = this.pendingAsk
		if (pending === undefined) return
		this.pendingAsk = undefined
		const waitMs = performance.now() - pending.shown
		this.parts.instruments.personWait.record(waitMs / 1000, { "cairn.ask.type": pending.ask })
		if (pending.tool !== undefined) pending.tool.answered = { at: Date.now(), waitMs, ask: pending.ask }
		else
			this.taskSpan().addEvent("approval.answered", {
				"cairn.ask.type": pending.ask,
				"cairn.wait.ms": waitMs,
			})
	}

	/** `always` goes as it is; `content` only when the person allowed content, keys taken out either way. */
	private attributes(always: Attributes, content: Record<string, string> = {}): Attributes {
		if (!this.parts.exportContent) return always
		const words = Object.entries(content).map(([key, text]) => [key, this.content(text)])
		return { ...always, ...Object.fromEntries(words) }
	}

	private content(text: string): string {
		return this.parts.redaction.text(text).slice(0, contentLimit)
	}
}

function parsed(text: string | undefined): Record<string, unknown> {
	try {
		const value: unknown = JSON.parse(text ?? "")
		return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {}
	} catch {
		return {}
	}
}
