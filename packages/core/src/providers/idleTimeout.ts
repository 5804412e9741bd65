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
	// One timer for the whole stream, set going again at each wait (a timer and two promises a
	// chunk cost more than most chunks); it only counts while the stream is waited on.
	let waiting = false
	let markIdle = () => {}
	const idle = new Promise<"idle">((resolve) => (markIdle = () => resolve("idle")))
	const timer = setTimeout(() => waiting && markIdle(), ms).unref()
	try {
		for (;;) {
			const next = iterator.next()
			waiting = true
			timer.refresh().ref()
			const result = await Promise.race([next, idle])
			waiting = false
			timer.unref()
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
		clearTimeout(timer)
		if (!done) await iterator.return?.()
	}
}
