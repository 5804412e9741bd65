import type { CliEvent, Tokens } from "./cliEvents.js"
import { isFinishedEvent, streamSchemaVersion } from "./cliEvents.js"

/** The last line of a machine-readable run (and the whole output of `json`). */
export interface RunResult {
	type: "result"
	success: boolean
	/** The completion result, or what went wrong. */
	result: string
	cost: number
	tokens: Tokens
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
	/** Present with --stdin-prompt-stream: the commands it accepts. */
	commands?: readonly string[]
}

/** One output format. */
export interface Renderer {
	init(info: InitInfo): void
	event(event: CliEvent): void
	/** stdin-prompt-stream replies (ack, done, error); only stream-json has them. */
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

/** `--output-format stream-json`: every event as it happens, one JSON object per line. */
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

	event(event: CliEvent): void {
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

/** `--output-format json`: nothing until the end, then the result with every finished event. */
export class JsonResultRenderer implements Renderer {
	private readonly events: CliEvent[] = []

	constructor(private readonly write: (text: string) => void) {}

	init(): void {}

	event(event: CliEvent): void {
		if (isFinishedEvent(event)) this.events.push(event)
	}

	control(): void {}

	notice(): void {}

	result(result: RunResult): void {
		this.write(jsonLine({ ...result, events: this.events }))
	}
}
