import { withIdleTimeout } from "./idleTimeout.js"
import type { ApiStreamChunk, CreateMessageRequest, ModelProvider } from "./modelProvider.js"
import { withUsageEstimate } from "./usageEstimate.js"

export interface StreamedRequest {
	stream: AsyncIterable<ApiStreamChunk>
	/** This request's own signal: aborted by the caller's, or by the idle timeout. */
	signal: AbortSignal
	/** Unlinks the request from the caller's signal; call it once the request is over. */
	release(): void
}

/**
 * Starts one model request with a signal of its own, linked to `signal`, the idle timeout and
 * usage estimated while the provider has not reported it (see withUsageEstimate).
 * SDKs attach an abort listener to the signal of every request and keep it; one signal per
 * request keeps a long task from piling them up on the task's.
 */
export function streamRequest(
	provider: ModelProvider,
	request: Omit<CreateMessageRequest, "signal">,
	options: { signal: AbortSignal; idleTimeoutMs: number },
): StreamedRequest {
	const controller = new AbortController()
	const abort = () => controller.abort(options.signal.reason)
	options.signal.addEventListener("abort", abort, { once: true })
	const stream = withUsageEstimate(
		withIdleTimeout(
			provider.createMessage({ ...request, signal: controller.signal }),
			options.idleTimeoutMs,
			(reason) => controller.abort(reason),
		),
		request,
	)
	return {
		stream,
		signal: controller.signal,
		release: () => options.signal.removeEventListener("abort", abort),
	}
}
