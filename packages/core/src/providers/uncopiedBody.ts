/**
 * A fetch that sends a bytes body (a provider's kept body, see keptBody.ts) as it is. Node's fetch
 * makes two copies of a Buffer body before it sends it: the Request copies it, and since a request
 * that may follow a redirect keeps its body, it then tees the body's byte stream, which copies each
 * chunk again. At N = 1,000 a body is half a megabyte, so those copies and the collections they cause were
 * about a tenth of the agent's CPU a turn. The body given to fetch here is instead a one-chunk
 * stream of the same bytes (a stream is neither copied nor cloned chunk by chunk), with its length
 * said, so the wire is the same as fetch's for the Buffer: same headers, same bytes, no chunked
 * encoding.
 *
 * A stream cannot be sent twice, so fetch cannot follow a redirect that keeps the body (307, 308).
 * The stream's request therefore follows none; a redirect's answer (rare: a base URL that moved) is
 * dropped and the request is sent again as it was given, for fetch to take the redirect as it
 * would have. (Node 20's fetch fails a 307 or 308 of a Buffer body: it sends the copy it made,
 * whose memory its body stream took. The same failure follows here.)
 *
 * The bytes must stay as they are until the request is over (its answer read, or failed): the
 * socket may still be writing them when the answer's headers arrive.
 */
export function uncopiedBodyFetch(next: typeof fetch = fetch): typeof fetch {
	return async (input, init) => {
		const body = init?.body
		if (!(body instanceof Uint8Array) || (init?.redirect ?? "follow") !== "follow")
			return next(input, init)
		const headers = new Headers(init?.headers)
		headers.set("content-length", String(body.byteLength))
		const response = await next(input, {
			...init,
			headers,
			body: oneChunk(body),
			duplex: "half",
			redirect: "manual",
		})
		if (!redirectStatuses.has(response.status) || !response.headers.has("location")) return response
		await response.body?.cancel()
		return next(input, init)
	}
}

/** The statuses fetch follows (the Fetch standard's redirect statuses). */
const redirectStatuses = new Set([301, 302, 303, 307, 308])

/** A stream of `bytes` as one chunk; not a byte stream, whose tee would copy the chunk. */
function oneChunk(bytes: Uint8Array): ReadableStream<Uint8Array> {
	return new ReadableStream({
		start(controller) {
			controller.enqueue(bytes)
			controller.close()
		},
	})
}
