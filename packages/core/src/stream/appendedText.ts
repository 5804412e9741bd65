const probeLength = 256

/**
 * The text `next` adds after `previous`, for rows that grow (streamed text, command output).
 * Command output rows keep only their last part, so `next` may have dropped the head of
 * `previous`: then the new tail is what follows the longest part of `previous` that `next`
 * starts with. Returns all of `next` when it does not continue `previous` at all.
 */
export function appendedText(previous: string, next: string): string {
	if (next.startsWith(previous)) return next.slice(previous.length)
	if (previous === "" || next === "") return next
	const probe = next.slice(0, Math.min(probeLength, next.length))
	for (let at = previous.indexOf(probe, 1); at !== -1; at = previous.indexOf(probe, at + 1)) {
		const kept = previous.length - at
		if (next.length >= kept && next.startsWith(previous.slice(at))) return next.slice(kept)
	}
	return next
}
