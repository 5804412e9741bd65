/**
 * Splits a byte stream into lines, holding at most `maxLineBytes` of a line that has not ended.
 * node:readline has no such bound: it keeps an unterminated line growing in memory for as long
 * as its sender keeps writing, and only hands it over whole. Here the caller learns a line is
 * too long as soon as it is, with no more than the limit (plus one chunk) held.
 */
export class BoundedLines {
	private pending: Buffer[] = []
	private pendingBytes = 0

	constructor(private readonly maxLineBytes: number) {}

	/** The lines `chunk` completes, or "too-long" when a line (ended or not) passes the limit. */
	push(chunk: Buffer): string[] | "too-long" {
		const lines: string[] = []
		let from = 0
		for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, from)) {
			if (this.pendingBytes + newline - from > this.maxLineBytes) return "too-long"
			lines.push(this.take(chunk.subarray(from, newline)))
			from = newline + 1
		}
		const rest = chunk.subarray(from)
		if (this.pendingBytes + rest.length > this.maxLineBytes) return "too-long"
		if (rest.length > 0) {
			// A copy, so a few bytes left over do not keep the whole chunk alive.
			this.pending.push(Buffer.from(rest))
			this.pendingBytes += rest.length
		}
		return lines
	}

	/** The last line when the input ended without a newline after it. */
	end(): string | undefined {
		return this.pendingBytes > 0 ? this.take(Buffer.alloc(0)) : undefined
	}

	private take(tail: Buffer): string {
		// Whole lines only: a multi-byte character never contains a newline byte, so none is cut.
		const line = Buffer.concat([...this.pending, tail]).toString("utf8")
		this.pending = []
		this.pendingBytes = 0
		return line.endsWith("\r") ? line.slice(0, -1) : line
	}
}
