/** A piece of a file that is embedded and found as one. Lines are 1-based and inclusive. */
export interface Chunk {
	startLine: number
	endLine: number
	text: string
}

/**
 * Splits a file into chunks: along its syntax where tree-sitter parses it (SyntaxChunker), else
 * by lines (LineChunker).
 */
export interface Chunker {
	chunk(path: string, text: string): Promise<Chunk[]>
}

export interface ChunkLimits {
	/** A chunk grows to about this many characters before a new one starts. */
	targetChars: number
	/** No chunk is longer; a longer block is cut at line ends. */
	maxChars: number
	/** Pieces shorter than this join their neighbour. */
	minChars: number
}

export const defaultChunkLimits: ChunkLimits = { targetChars: 1200, maxChars: 2400, minChars: 200 }

/** Lines of a file: `start` is the first one's 0-based index. */
export interface Block {
	start: number
	lines: string[]
}

const indentOf = (line: string) => line.length - line.trimStart().length
const isBlank = (line: string) => line.trim() === ""
/** A line that closes a block at the left margin (`}`, `end`, `);`), which belongs with what it closes. */
const isCloser = (line: string) => /^[\])}]|^end\b/.test(line.trimStart())

/**
 * Cuts where code naturally breaks: a blank line followed by a line at the left margin (a new
 * declaration, in most languages), then packs the blocks into chunks near the target size, so a
 * function, its doc comment and its body usually land in one chunk. Blocks too long are cut at
 * the shallowest-indented line near the limit, so a long class splits between its methods.
 */
export class LineChunker implements Chunker {
	constructor(private readonly limits: ChunkLimits = defaultChunkLimits) {}

	chunk(_path: string, text: string): Promise<Chunk[]> {
		const lines = fileLines(text)
		return Promise.resolve(toChunks(packBlocks(this.blocks(lines, 0), this.limits)))
	}

	/** `lines` (the first being line index `start` of its file) cut into blocks no longer than the limit, not yet packed. */
	blocks(lines: string[], start: number): Block[] {
		return topLevelBlocks(lines, start).flatMap((block) => this.cutLong(block))
	}

	private cutLong(block: Block): Block[] {
		const pieces: Block[] = []
		let rest = block
		while (sizeOf(rest) > this.limits.maxChars) {
			const at = this.cutPoint(rest.lines)
			pieces.push({ start: rest.start, lines: rest.lines.slice(0, at) })
			rest = { start: rest.start + at, lines: rest.lines.slice(at) }
		}
		pieces.push(rest)
		return pieces
	}

	/**
	 * Where to cut a block that is too long: within the last half before the limit, the line
	 * with the least indentation (preferring one after a blank line); a single overlong line
	 * is a chunk of its own.
	 */
	private cutPoint(lines: string[]): number {
		let chars = 0
		let limitLine = lines.length
		for (let i = 0; i < lines.length; i++) {
			chars += (lines[i]?.length ?? 0) + 1
			if (chars > this.limits.maxChars) {
				limitLine = i
				break
			}
		}
		if (limitLine === 0) return 1
		let best = limitLine
		let bestScore = Number.POSITIVE_INFINITY
		for (let i = Math.max(1, Math.floor(limitLine / 2)); i <= limitLine; i++) {
			const line = lines[i] ?? ""
			if (isBlank(line)) continue
			const score = indentOf(line) * 2 - (isBlank(lines[i - 1] ?? "") ? 1 : 0)
			if (score <= bestScore) {
				best = i
				bestScore = score
			}
		}
		return best
	}
}

/** Blocks separated by blank lines where the next line starts at the left margin. */
function topLevelBlocks(lines: string[], start: number): Block[] {
	const blocks: Block[] = []
	let current: Block = { start, lines: [] }
	lines.forEach((line, i) => {
		const previous = lines[i - 1]
		const startsDeclaration =
			previous !== undefined &&
			isBlank(previous) &&
			!isBlank(line) &&
			indentOf(line) === 0 &&
			!isCloser(line)
		if (startsDeclaration && current.lines.some((l) => !isBlank(l))) {
			blocks.push(current)
			current = { start: start + i, lines: [] }
		}
		current.lines.push(line)
	})
	if (current.lines.length > 0) blocks.push(current)
	return blocks
}

/** A file's lines, whatever its line ends, without the empty one after a final line end. */
export function fileLines(text: string): string[] {
	const lines = text.replace(/\r\n?/g, "\n").split("\n")
	if (lines.at(-1) === "") lines.pop()
	return lines
}

/**
 * Consecutive blocks joined while they stay under the target, so a chunk is about the target's
 * size; a tiny block joins its neighbour up to the limit.
 */
export function packBlocks(blocks: readonly Block[], limits: ChunkLimits): Block[] {
	const packed: Block[] = []
	let size = 0
	for (const block of blocks) {
		const last = packed.at(-1)
		const blockSize = sizeOf(block)
		const fits = size + blockSize <= limits.targetChars
		const tiny = blockSize < limits.minChars || size < limits.minChars
		if (last && (fits || (tiny && size + blockSize <= limits.maxChars))) {
			last.lines.push(...block.lines)
			size += blockSize
		} else {
			packed.push({ start: block.start, lines: [...block.lines] })
			size = blockSize
		}
	}
	return packed
}

/** Blocks as chunks (1-based lines); blank ones are left out. */
export function toChunks(blocks: readonly Block[]): Chunk[] {
	return blocks
		.map((block) => ({
			startLine: block.start + 1,
			endLine: block.start + block.lines.length,
			text: block.lines.join("\n"),
		}))
		.filter((chunk) => chunk.text.trim() !== "")
}

export function sizeOf(block: Block): number {
	return block.lines.reduce((sum, line) => sum + line.length + 1, 0)
}
