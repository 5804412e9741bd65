import { streamSchemaVersion, type StreamEvent, type Tokens } from "./streamEvents.js"

/** The last line of a task in a machine-readable stream (and the whole output of the CLI's `json`). */
export interface RunResult {
	type: "result"
	success: boolean
	/** The completion result, or what went wrong. */
	result: string
	/** Dollars of the requests whose price is known: the task's and its subtasks'. */
	cost: number
	tokens: Tokens
	/** Requests that reached the provider, cancelled and failed ones included. */
	requests: number
	/** Requests whose price is unknown: `cost` lacks them. */
	unpricedRequests?: number
	/** The subtasks' part of `cost` and `tokens`. */
	subtasks?: { cost: number; tokens: Tokens }
	taskId: string | undefined
	exitCode: number
	/** completed | failed | needs_person | interrupted | terminated */
	reason: string
	/** For needs_person: the ask that was waiting. */
	ask?: string
}

export interface InitInfo {
	cairnVersion: string
	workspace: string
	provider: string | undefined
	model: string | undefined
	mode: string | undefined
	autoApprove: boolean
	/** Present where commands are read (--stdin-prompt-stream, the IPC socket): the commands accepted. */
	commands?: readonly string[]
}

/** One output format: stream-json here; the CLI adds text and json. */
export interface Renderer {
	init(info: InitInfo): void
	event(event: StreamEvent): void
	/** Replies to commands (ack, done, error); only stream-json has them. */
	control(line: Record<string, unknown>): void
	/** A note for people (resuming a task, a hint); machine formats report it as a system event. */
	notice(text: string): void
	result(result: RunResult): void
}

export const eventTypes = [
	"system",
	"user",
	"assistant",
	"reasoning",
	"tool_use",
	"tool_output",
	"background_output",
	"tool_result",
	"ask",
	"completion",
	"error",
	"cost",
	"result",
] as const

/** JSON text that is always one line and always valid, whatever strings it carries. */
export function jsonLine(value: unknown): string {
	try {
		return `${JSON.stringify(value)}\n`
	} catch (error) {
		return `${JSON.stringify({ type: "error", source: "host", message: `unserializable output: ${String(error)}` })}\n`
	}
}

/**
 * `stream-json`: every event as it happens, one JSON object per line. The CLI writes it to stdout,
 * the IPC socket to each connection.
 */
export class StreamJsonRenderer implements Renderer {
	constructor(private readonly write: (text: string) => void) {}

	init(info: InitInfo): void {
		this.write(
			jsonLine({
				type: "init",
				schemaVersion: streamSchemaVersion,
				...info,
				capabilities: { events: eventTypes, commands: info.commands ?? [] },
			}),
		)
	}

	event(event: StreamEvent): void {
		this.write(jsonLine(event))
	}

	control(line: Record<string, unknown>): void {
		this.write(jsonLine(line))
	}

	notice(text: string): void {
		this.write(jsonLine({ type: "system", subtype: "notice", message: text }))
	}

	result(result: RunResult): void {
		this.write(jsonLine(result))
	}
}
