/**
 * Split `text` into at most `count` pieces of near-equal length that concatenate back to it.
 * Splits between code points, never inside a surrogate pair, so each piece is valid UTF-16 on
 * its own (an SDK decoding each delta separately would otherwise see a lone surrogate).
 * Empty text gives no pieces; text shorter than `count` gives one piece per code point.
 */
export function splitIntoChunks(text: string, count: number): string[] {
	if (text === "") return []
	const codePoints = Array.from(text)
	const pieces = Math.max(1, Math.min(Math.floor(count), codePoints.length))
	const chunks: string[] = []
	let start = 0
	for (let i = 0; i < pieces; i++) {
		const end = Math.round(((i + 1) * codePoints.length) / pieces)
		chunks.push(codePoints.slice(start, end).join(""))
		start = end
	}
	return chunks
}
