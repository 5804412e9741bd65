/**
 * Runs `callback` once the page has settled, so optional work (loading and compiling a syntax
 * grammar: ~200 ms of main thread) does not compete with the first paint of a task. The list
 * needs a few hundred milliseconds of frames to settle at its end; idle callbacks alone would
 * fire in the gaps between those frames. Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, delayMs = 400): () => void {
	let idle: number | undefined
	const timer = setTimeout(() => {
		if (typeof requestIdleCallback === "function") idle = requestIdleCallback(callback, { timeout: 1000 })
		else callback()
	}, delayMs)
	return () => {
		clearTimeout(timer)
		if (idle !== undefined) cancelIdleCallback(idle)
	}
}
