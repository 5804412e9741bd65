/** The stretch of a file most like a search text that did not match, to show the model why. */
export interface Candidate {
	/** 0-based index of the first line. */
	start: number
	lines: string[]
	/** 0..1, the mean similarity of corresponding lines. */
	similarity: number
}

// Scanning every window costs file lines x search lines comparisons; past this budget only
// the region around the start-line hint (or the file's beginning) is scanned.
const comparisonBudget = 3_000_000

const collapse = (line: string) => line.trim().replace(/\s+/g, " ")

function bigrams(text: string): Map<string, number> {
	const counts = new Map<string, number>()
	for (let i = 0; i < text.length - 1; i++) {
		const pair = text.slice(i, i + 2)
		counts.set(pair, (counts.get(pair) ?? 0) + 1)
	}
	return counts
}

/** Dice's coefficient over character pairs: cheap, and forgiving of small edits. */
function lineSimilarity(a: string, b: string, cache: Map<string, Map<string, number>>): number {
	if (a === b) return 1
	if (a.length < 2 || b.length < 2) return 0
	const get = (s: string) => {
		let grams = cache.get(s)
		if (!grams) cache.set(s, (grams = bigrams(s)))
		return grams
	}
	const [ga, gb] = [get(a), get(b)]
	let shared = 0
	for (const [pair, count] of ga) shared += Math.min(count, gb.get(pair) ?? 0)
	return (2 * shared) / (a.length - 1 + (b.length - 1))
}

export function closestCandidate(
	fileLines: readonly string[],
	search: readonly string[],
	startLine?: number,
): Candidate | undefined {
	const size = search.length
	if (size === 0 || fileLines.length === 0) return undefined
	const windows = Math.max(1, fileLines.length - size + 1)
	const maxWindows = Math.max(1, Math.floor(comparisonBudget / size))
	const hint = startLine !== undefined ? startLine - 1 : 0
	const from =
		windows <= maxWindows
			? 0
			: Math.max(0, Math.min(windows - maxWindows, hint - Math.floor(maxWindows / 2)))
	const to = Math.min(windows, from + maxWindows)

	const normalizedFile = fileLines.map(collapse)
	const normalizedSearch = search.map(collapse)
	const cache = new Map<string, Map<string, number>>()
	let best: Candidate | undefined
	for (let start = from; start < to; start++) {
		let total = 0
		for (let j = 0; j < size; j++)
			total += lineSimilarity(normalizedFile[start + j] ?? "", normalizedSearch[j] ?? "", cache)
		const similarity = total / size
		const closer =
			best !== undefined &&
			similarity === best.similarity &&
			Math.abs(start - hint) < Math.abs(best.start - hint)
		if (best === undefined || similarity > best.similarity || closer) {
			best = { start, lines: fileLines.slice(start, start + size), similarity }
		}
	}
	return best
}
