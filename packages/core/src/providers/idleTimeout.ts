import { ProviderError } from "./providerError.js"

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

/**
 * `stream`, failing with a retryable network error when it yields nothing for `ms` while it is
 * waited on: a server that stalls, before its response head or mid-answer, would otherwise hold
 * the task forever. `stop` aborts the request underneath, so its connection is let go.
 * Keep-alive events that carry nothing (Anthropic's `ping`) do not count as progress.
 */
export async function* withIdleTimeout<T>(
	stream: AsyncIterable<T>,
	ms: number,
	stop: (reason: Error) => void,
): AsyncGenerator<T> {
	const iterator = stream[Symbol.asyncIterator]()
	let received = false
	// Done: the source ended or stalled (then the abort ends it); else the reader stopped early.
	let done = false
	try {
		for (;;) {
			const next = iterator.next()
			let timer: NodeJS.Timeout | undefined
			const idle = new Promise<"idle">((resolve) => (timer = setTimeout(() => resolve("idle"), ms)))
			const result = await Promise.race([next, idle]).finally(() => clearTimeout(timer))
			if (result === "idle") {
				// The request is aborted below; its pending read then rejects, with no one left to care.
				next.catch(() => undefined)
				const error = new ProviderError(
					"network",
					received
						? `The model's answer stalled: nothing new for ${seconds(ms)}, so the request was stopped.`
						: `No answer from the model within ${seconds(ms)}, so the request was stopped.`,
				)
				done = true
				stop(error)
				throw error
			}
			if (result.done) {
				done = true
				return
			}
			received = true
			yield result.value
		}
	} finally {
		if (!done) await iterator.return?.()
	}
}
