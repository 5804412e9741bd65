import type { ProviderError } from "../providers/providerError.js"

/** The first retry waits this long; each further one doubles it. */
export const defaultRetryBaseDelayMs = 2_000
const maxDelayMs = 60_000

/**
 * How long to wait before retry `attempt` (1-based): the provider's retry-after when it gave
 * one, else exponential backoff. Capped so a bogus retry-after cannot park a task for hours.
 */
export function retryDelayMs(
	error: ProviderError,
	attempt: number,
	baseDelayMs = defaultRetryBaseDelayMs,
): number {
	const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1))
	const told = error.details.retryAfterMs
	return told !== undefined ? Math.min(maxDelayMs, Math.max(0, told)) : backoff
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(signal.reason)
		const timer = setTimeout(() => {
			signal.removeEventListener("abort", onAbort)
			resolve()
		}, ms)
		const onAbort = () => {
			clearTimeout(timer)
			reject(signal.reason)
		}
		signal.addEventListener("abort", onAbort, { once: true })
	})
}
