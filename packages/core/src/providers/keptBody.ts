import { messagesSlot, spliceKeptEncodings } from "./keptEncoding.js"

const slotJson = JSON.stringify(messagesSlot)

/** A ready body and the call that says its bytes may be reused. */
export interface LentBody {
	readonly body: Buffer
	/**
	 * Call once the request is over (its answer read, or failed): the body is sent as it is, not
	 * copied (see uncopiedBody.ts), so its bytes are in use until then.
	 */
	giveBack(): void
}

/**
 * One provider's request bodies, written into one buffer that lives as long as the provider. A
 * body is the previous one with the new messages written after the messages it shares with it,
 * and the rest of the request after them: no half-megabyte buffer allocated and filled per request
 * (its copy and the GC it caused were most of what a long task's request still cost), and no
 * kept encoding per message. The bytes are byte for byte `JSON.stringify(params)`.
 *
 * A lent body's bytes are overwritten by the next body, so a body is lent to one request at a time:
 * one asked for while another is out is built apart, as keptEncoding.ts builds it.
 */
export class KeptBody {
	private bytes = Buffer.allocUnsafe(0)
	/** The body's text before its messages, as written at the start of `bytes`. */
	private head = ""
	/** The wire messages written after the head, in order, and where each one's bytes end. */
	private readonly written: object[] = []
	private readonly ends: number[] = []
	private lent = false

	/** `JSON.stringify(params)` as bytes, `params[field]` being the history's wire messages. */
	lend<P extends object, K extends keyof P & string>(params: P, field: K): LentBody {
		const messages = params[field] as readonly object[]
		const rest = JSON.stringify({ ...params, [field]: [messagesSlot] })
		const at = rest.indexOf(slotJson)
		// A value holding the slot's text itself (never in practice), or a body already out.
		if (this.lent || at === -1 || rest.indexOf(slotJson, at + 1) !== -1)
			return { body: apart(rest, messages, params), giveBack: () => {} }
		this.writeHead(rest.slice(0, at))
		let end = this.writeMessages(messages)
		end = this.write(rest.slice(at + slotJson.length), end)
		this.lent = true
		let given = false
		return {
			body: this.bytes.subarray(0, end),
			giveBack: () => {
				if (given) return
				given = true
				this.lent = false
			},
		}
	}

	private writeHead(head: string): void {
		if (head === this.head) return
		this.written.length = 0
		this.ends.length = 0
		this.head = head
		this.write(head, 0)
	}

	/** Writes the messages after the head, keeping those already there; returns where they end. */
	private writeMessages(messages: readonly object[]): number {
		const headEnd = Buffer.byteLength(this.head)
		let kept = 0
		while (kept < messages.length && kept < this.written.length) {
			const message = messages[kept] as object
			// A message made again (the system prompt's is, each request) is kept when its bytes are.
			if (message !== this.written[kept] && !this.holds(kept, message, headEnd)) break
			this.written[kept] = message
			kept++
		}
		this.written.length = kept
		this.ends.length = kept
		let end = kept === 0 ? headEnd : (this.ends[kept - 1] as number)
		for (let i = kept; i < messages.length; i++) {
			const message = messages[i] as object
			end = this.write((i > 0 ? "," : "") + JSON.stringify(message), end)
			this.written.push(message)
			this.ends.push(end)
		}
		return end
	}

	/** Whether the bytes written for message `index` are `message`'s encoding. */
	private holds(index: number, message: object, headEnd: number): boolean {
		const start = index === 0 ? headEnd : (this.ends[index - 1] as number) + 1
		const json = JSON.stringify(message)
		const end = this.ends[index] as number
		return Buffer.byteLength(json) === end - start && this.bytes.toString("utf8", start, end) === json
	}

	/** Writes `text` at `at`, growing the buffer (and keeping what is before `at`); returns its end. */
	private write(text: string, at: number): number {
		const end = at + Buffer.byteLength(text)
		if (end > this.bytes.length) {
			const grown = Buffer.allocUnsafe(Math.max(end, this.bytes.length * 2))
			this.bytes.copy(grown, 0, 0, at)
			this.bytes = grown
		}
		this.bytes.write(text, at, "utf8")
		return end
	}
}

function apart(rest: string, messages: readonly object[], params: object): Buffer {
	return spliceKeptEncodings(rest, slotJson, messages) ?? Buffer.from(JSON.stringify(params))
}
