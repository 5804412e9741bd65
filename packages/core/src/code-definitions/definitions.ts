import { Language, Parser, Query, type Node } from "web-tree-sitter"
import { initTreeSitter, wasmFile } from "../tree-sitter/wasmFiles.js"
import type { Grammar } from "./languages.js"

export interface CodeDefinition {
	name: string
	/** What the query called it: class, function, method, interface, type, enum, module, export... */
	kind: string
	/** 1-based, inclusive. */
	startLine: number
	endLine: number
	/** The source line the definition starts on, as written. */
	header: string
}

interface LoadedGrammar {
	parser: Parser
	query: Query
}

const loaded = new Map<string, Promise<LoadedGrammar>>()

/** A grammar's parser and query, loaded once per process. */
export function loadGrammar(grammar: Grammar): Promise<LoadedGrammar> {
	let entry = loaded.get(grammar.id)
	if (entry === undefined) {
		entry = (async () => {
			await initTreeSitter()
			const language = await Language.load(wasmFile(grammar.wasmFile, grammar.packagePath))
			const parser = new Parser()
			parser.setLanguage(language)
			return { parser, query: new Query(language, grammar.query) }
		})()
		// A failed load is not remembered: the next call tries again and reports its own error.
		entry.catch(() => loaded.delete(grammar.id))
		loaded.set(grammar.id, entry)
	}
	return entry
}

const maxHeaderChars = 200

/** What is defined inside these is a local detail, not part of the file's outline. */
const hasLocalScope = new Set(["function", "method"])

interface Found {
	node: Node
	kind: string
	name: string
}

const contains = (outer: Node, inner: Node) =>
	outer.startIndex <= inner.startIndex &&
	inner.endIndex <= outer.endIndex &&
	(outer.startIndex !== inner.startIndex || outer.endIndex !== inner.endIndex)

/**
 * The outline of a source file: its definitions in order, without the ones local to a function
 * or method body, one per starting line (the widest, so `export class` wins over the class inside it).
 */
export async function findDefinitions(source: string, grammar: Grammar): Promise<CodeDefinition[]> {
	const { parser, query } = await loadGrammar(grammar)
	const tree = parser.parse(source)
	if (tree === null) return []
	try {
		const found: Found[] = []
		for (const match of query.matches(tree.rootNode)) {
			const definition = match.captures.find((capture) => capture.name.startsWith("definition."))
			const name = match.captures.find((capture) => capture.name === "name")
			if (definition === undefined || name === undefined) continue
			found.push({
				node: definition.node,
				kind: definition.name.slice("definition.".length),
				name: name.node.text,
			})
		}
		const bodies = found.filter((entry) => hasLocalScope.has(entry.kind)).map((entry) => entry.node)
		const outline = found.filter((entry) => !bodies.some((body) => contains(body, entry.node)))
		const widestPerLine = new Map<number, Found>()
		for (const entry of outline) {
			const row = entry.node.startPosition.row
			const kept = widestPerLine.get(row)
			if (
				kept === undefined ||
				entry.node.endIndex - entry.node.startIndex > kept.node.endIndex - kept.node.startIndex
			)
				widestPerLine.set(row, entry)
		}
		const lines = source.split(/\r?\n/)
		return [...widestPerLine.entries()]
			.sort(([a], [b]) => a - b)
			.map(([row, entry]) => ({
				name: entry.name,
				kind: entry.kind,
				startLine: row + 1,
				endLine: entry.node.endPosition.row + 1,
				header: (lines[row] ?? "").trimEnd().slice(0, maxHeaderChars),
			}))
	} finally {
		tree.delete()
	}
}
