import { isFinishedEvent, jsonLine, type Renderer, type RunResult, type StreamEvent } from "@cairn/core"

/** `--output-format json`: nothing until the end, then the result with every finished event. */
export class JsonResultRenderer implements Renderer {
	private readonly events: StreamEvent[] = []

	constructor(private readonly write: (text: string) => void) {}

	init(): void {}

	event(event: StreamEvent): void {
		if (isFinishedEvent(event)) this.events.push(event)
	}

	control(): void {}

	notice(): void {}

	result(result: RunResult): void {
		this.write(jsonLine({ ...result, events: this.events }))
	}
}
