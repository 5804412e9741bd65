export interface OutputLimits {
	headLines: number
	tailLines: number
	/** Character caps on each end, for output made of one enormous line. */
	headChars: number
	tailChars: number
}

/** What a command's output may cost the context: its beginning (the error) and its end (the summary). */
export const defaultOutputLimits: OutputLimits = {
	headLines: 100,
	tailLines: 300,
	headChars: 10_000,
	tailChars: 30_000,
}

const countLines = (text: string) => {
	let n = 0
	for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++
	return n
}

// eslint-disable-next-line no-control-regex
const ansiEscape = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g

/** What a terminal would show: colours stripped, and a progress bar's \r-redrawn line only once. */
export function terminalText(text: string): string {
	return text
		.replace(ansiEscape, "")
		.split("\n")
		.map((line) => {
			const parts = line.replace(/\r$/, "").split("\r")
			return parts.at(-1) ?? ""
		})
		.join("\n")
}

/**
 * Keeps the head and the tail of a stream of any size in bounded memory, counting what falls
 * in between, so a command printing gigabytes (or one 5 MB line) costs the model a few KB.
 */
export class OutputCollector {
	private head = ""
	private headDone = false
	private tail = ""
	private droppedChars = 0
	private droppedLines = 0
	private totalChars = 0

	constructor(private readonly limits: OutputLimits = defaultOutputLimits) {}

	push(chunk: string): void {
		this.totalChars += chunk.length
		let rest = chunk
		if (!this.headDone) {
			const room = this.headRoom(rest)
			this.head += rest.slice(0, room)
			rest = rest.slice(room)
			if (rest !== "") this.headDone = true
		}
		if (rest === "") return
		this.tail += rest
		// Trim in batches: slicing on every chunk would make noisy output quadratic.
		if (this.tail.length > 2 * this.limits.tailChars) {
			const cut = this.tail.length - this.limits.tailChars
			this.drop(this.tail.slice(0, cut))
			this.tail = this.tail.slice(cut)
		}
	}

	/** How much of `text` still fits in the head. */
	private headRoom(text: string): number {
		const charRoom = this.limits.headChars - this.head.length
		let linesLeft = this.limits.headLines - countLines(this.head)
		if (linesLeft <= 0 || charRoom <= 0) return 0
		let end = 0
		while (end < text.length && end < charRoom) {
			const newline = text.indexOf("\n", end)
			if (newline === -1 || newline >= charRoom) return Math.min(text.length, charRoom)
			end = newline + 1
			if (--linesLeft <= 0) return end
		}
		return Math.min(end, charRoom)
	}

	private drop(text: string): void {
		this.droppedChars += text.length
		this.droppedLines += countLines(text)
	}

	/** Whether the model's view leaves part of the output out. */
	get cut(): boolean {
		return this.tailView().droppedChars > 0
	}

	/** The output as the model sees it: everything when small, else head, an omission note, tail. */
	render(): string {
		const { tail, droppedChars, droppedLines } = this.tailView()
		if (droppedChars === 0) return terminalText(this.head + tail)
		const lineNote = droppedLines > 0 ? `${droppedLines} lines, ` : ""
		const note = `\n[... ${lineNote}${droppedChars} characters omitted of ${this.totalChars} ...]\n`
		return terminalText(this.head) + note + terminalText(tail)
	}

	/** The tail within its limits, and what falls between it and the head. */
	private tailView(): { tail: string; droppedChars: number; droppedLines: number } {
		let tail = this.tail
		let droppedChars = this.droppedChars
		let droppedLines = this.droppedLines
		const lines = tail.split("\n")
		const keepLines = this.limits.tailLines + (tail.endsWith("\n") ? 1 : 0)
		if (lines.length > keepLines) {
			const cut = lines.slice(0, lines.length - keepLines).join("\n").length + 1
			droppedChars += cut
			droppedLines += countLines(tail.slice(0, cut))
			tail = tail.slice(cut)
		}
		if (tail.length > this.limits.tailChars) {
			const cut = tail.length - this.limits.tailChars
			droppedChars += cut
			droppedLines += countLines(tail.slice(0, cut))
			tail = tail.slice(cut)
		}
		return { tail, droppedChars, droppedLines }
	}
}
