import { findDefinitions } from "../code-definitions/definitions.js"
import { grammarFor } from "../code-definitions/languages.js"
import {
	defaultChunkLimits,
	fileLines,
	LineChunker,
	packBlocks,
	sizeOf,
	toChunks,
	type Block,
	type Chunk,
	type ChunkLimits,
	type Chunker,
} from "./chunker.js"

/** Lines first to last, 0-based and inclusive. */
interface Span {
	first: number
	last: number
}

/**
 * Lines just above a definition that belong to it: comments, doc comments, decorators and
 * attributes (`@Component`, `#[derive]`, `[Serializable]`).
 */
const isPreamble = (line: string) => /^\s*(\/\/|\/\*|\*|#|@|\[)/.test(line)

/**
 * Cuts a file between its definitions (functions, classes, methods, types: what
 * list_code_definition_names shows, found by tree-sitter), never inside one unless it is longer
 * than the limit. Then a class is cut between its methods, and a long function by lines. What
 * lies between definitions (imports, top-level statements) makes pieces of its own, a
 * definition's comments and decorators go with it, and small neighbours are packed together up
 * to the target size. Files of other languages, and files the parser cannot read, are cut by
 * lines (LineChunker).
 */
export class SyntaxChunker implements Chunker {
	private readonly byLines: LineChunker
	/** Grammars that failed to load: not tried again for every file of their language. */
	private readonly broken = new Set<string>()

	constructor(private readonly limits: ChunkLimits = defaultChunkLimits) {
		this.byLines = new LineChunker(limits)
	}

	async chunk(path: string, text: string): Promise<Chunk[]> {
		const lines = fileLines(text)
		// A file within the target is one chunk whichever way it is cut: no parse needed.
		const definitions =
			text.length <= this.limits.targetChars ? undefined : await this.definitions(path, lines)
		const blocks =
			definitions === undefined
				? this.byLines.blocks(lines, 0)
				: this.cut({ first: 0, last: lines.length - 1 }, definitions, lines)
		return toChunks(packBlocks(blocks, this.limits))
	}

	/** The file's definitions sorted by first line, or undefined when it is not parsed. */
	private async definitions(path: string, lines: string[]): Promise<Span[] | undefined> {
		const grammar = grammarFor(path)
		if (grammar === undefined || this.broken.has(grammar.id)) return undefined
		try {
			const found = await findDefinitions(lines.join("\n"), grammar)
			return found.map((definition) => ({
				first: definition.startLine - 1,
				last: definition.endLine - 1,
			}))
		} catch {
			this.broken.add(grammar.id)
			return undefined
		}
	}

	/** The lines of `span` in blocks: one per outermost definition in it, and one per stretch between them. */
	private cut(span: Span, definitions: readonly Span[], lines: string[]): Block[] {
		const blocks: Block[] = []
		let next = span.first
		let index = 0
		while (index < definitions.length) {
			const outer = definitions[index] as Span
			// Those that follow inside it are its members (sorted by first line, outermost first).
			let end = index + 1
			while (end < definitions.length && (definitions[end] as Span).first <= outer.last) end++
			const members = definitions.slice(index + 1, end)
			index = end
			// A definition that starts on the line another ends on begins after it; none runs past its parent.
			const first = Math.max(outer.first, next)
			const last = Math.min(outer.last, span.last)
			if (first > last) continue
			const withPreamble = preambleStart(lines, next, first)
			if (withPreamble > next)
				blocks.push(...this.fit({ first: next, last: withPreamble - 1 }, [], lines))
			blocks.push(...this.fit({ first: withPreamble, last }, members, lines))
			next = last + 1
		}
		if (next <= span.last) blocks.push(...this.fit({ first: next, last: span.last }, [], lines))
		return blocks
	}

	/** `span` whole when it is within the limit; else cut between its members, or by lines when it has none. */
	private fit(span: Span, members: readonly Span[], lines: string[]): Block[] {
		const block = { start: span.first, lines: lines.slice(span.first, span.last + 1) }
		if (sizeOf(block) <= this.limits.maxChars) return [block]
		if (members.length > 0) return this.cut(span, members, lines)
		return this.byLines.blocks(block.lines, block.start)
	}
}

/** Where a definition starting at `first` really starts: at the comments and decorators right above it, not before `floor`. */
function preambleStart(lines: string[], floor: number, first: number): number {
	let start = first
	while (start > floor && isPreamble(lines[start - 1] ?? "")) start--
	return start
}
