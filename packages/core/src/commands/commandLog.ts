import { terminalText } from "../tools/support/outputCollector.js"

/** How much of a command's output is kept for reading in full; past this the earliest goes. */
export const keptOutputChars = 1_000_000

/** One page of a full read: lines `from`..`to` (1-based) of `total`. */
export interface OutputPage {
	text: string
	from: number
	to: number
	total: number
	/** Characters printed before the kept output began (dropped to bound memory). */
	droppedChars: number
}

/**
 * All of one command's output (up to a bound), for reading in full what the model was shown
 * cut, and for reading only what is new since the last read.
 */
export class CommandLog {
	private kept = ""
	private dropped = 0
	/** Offset (into everything printed) up to which the agent has read. */
	private readUpTo = 0
	private listener: (() => void) | undefined

	push(chunk: string): void {
		this.kept += chunk
		// Trim in batches: slicing on every chunk would make noisy output quadratic.
		if (this.kept.length > 2 * keptOutputChars) {
			const cut = this.kept.length - keptOutputChars
			this.kept = this.kept.slice(cut)
			this.dropped += cut
		}
		this.listener?.()
	}

	/** Lets go of the slack kept while output streamed: a finished command's log is at most the bound. */
	compact(): void {
		if (this.kept.length <= keptOutputChars) return
		const cut = this.kept.length - keptOutputChars
		this.kept = this.kept.slice(cut)
		this.dropped += cut
	}

	/** Called after every chunk (one listener: the background row that shows the output). */
	onChange(listener: () => void): void {
		this.listener = listener
	}

	get printedChars(): number {
		return this.dropped + this.kept.length
	}

	/** The newest `chars` of output as printed (colours kept), from a line start where there is one. */
	tail(chars: number): string {
		if (this.kept.length <= chars) return this.kept
		const start = this.kept.length - chars
		const newline = this.kept.indexOf("\n", start)
		return this.kept.slice(newline === -1 || newline === this.kept.length - 1 ? start : newline + 1)
	}

	/** What was printed since the last call (raw); the part already dropped is lost. */
	takeNew(): string {
		const from = Math.max(this.readUpTo - this.dropped, 0)
		this.readUpTo = this.printedChars
		return this.kept.slice(from)
	}

	/** Up to `maxLines` lines (and `maxChars`) of the kept output as a terminal shows it, from line `from`. */
	page(from: number, maxLines: number, maxChars: number): OutputPage {
		const lines = terminalText(this.kept).split("\n")
		if (lines.at(-1) === "") lines.pop()
		const start = Math.min(Math.max(from, 1), lines.length + 1)
		const shown: string[] = []
		let size = 0
		for (let i = start - 1; i < lines.length && shown.length < maxLines; i++) {
			const line = lines[i] ?? ""
			if (shown.length > 0 && size + line.length > maxChars) break
			shown.push(line.length > maxChars ? `${line.slice(0, maxChars)} [line cut]` : line)
			size += line.length + 1
		}
		return {
			text: shown.join("\n"),
			from: start,
			to: start + shown.length - 1,
			total: lines.length,
			droppedChars: this.dropped,
		}
	}
}
