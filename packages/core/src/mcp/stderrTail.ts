import type { Stream } from "node:stream"
import { StringDecoder } from "node:string_decoder"

/** Lines kept: enough for a stack trace's head, small enough to send with every snapshot. */
const keptLines = 20
const maxLineChars = 500

/**
 * The last lines a server wrote to stderr, for the person when it fails. Only whole lines are
 * kept; a line still being written is held back until its newline (or the stream's end).
 */
export class StderrTail {
	private readonly lines: string[] = []
	private partial = ""

	/** `onLine` hears of each new line, so a failing server's view can show it. */
	follow(stream: Stream, onLine: () => void = () => undefined): void {
		const decoder = new StringDecoder("utf8")
		stream.on("data", (chunk: Buffer | string) => {
			const before = this.lines.length
			this.add(typeof chunk === "string" ? chunk : decoder.write(chunk))
			if (this.lines.length !== before || this.lines.length === keptLines) onLine()
		})
		stream.on("end", () => {
			this.add(decoder.end())
			this.flush()
			onLine()
		})
	}

	add(chunk: string): void {
		const parts = (this.partial + chunk).split(/\r?\n/)
		this.partial = parts.pop() ?? ""
		for (const line of parts) this.push(line)
	}

	/** The lines, newest last. */
	get all(): string[] {
		return [...this.lines]
	}

	private flush(): void {
		if (this.partial !== "") this.push(this.partial)
		this.partial = ""
	}

	private push(line: string): void {
		if (line.trim() === "") return
		this.lines.push(line.length > maxLineChars ? `${line.slice(0, maxLineChars)}…` : line)
		if (this.lines.length > keptLines) this.lines.shift()
	}
}
