import type { EventEmitter } from "node:events"
import type { DispatchOutcome } from "../assistant-message/dispatchToolUse.js"
import type { ToolUse } from "../assistant-message/toolCallAssembler.js"
import type { ApiUsageChunk } from "../providers/modelProvider.js"
import type { TaskEvents } from "../task/taskEvents.js"

/**
 * What a task tells its telemetry, when the person turned the export on. The task's events
 * (its rows, asks, start and end) are heard through `observe`; the Task calls the rest itself,
 * where no event says it: each billed request's usage, and each tool call's start and end.
 */
export interface TaskTelemetry {
	observe(task: EventEmitter<TaskEvents>): void
	/** A request reached the provider: its usage and cost (a summary's too, which shows no row). */
	billed(usage: Omit<ApiUsageChunk, "type">, cost: number, kind: "request" | "summary"): void
	toolStarted(use: ToolUse): ToolCallTelemetry
}

export interface ToolCallTelemetry {
	ended(outcome: DispatchOutcome): void
}
