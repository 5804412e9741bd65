import { createRequire } from "node:module"
import { Language, Parser, type Node } from "web-tree-sitter"

/**
 * One thing a shell line would do that an allow/deny list must judge on its own: a command
 * (also one nested in `$(...)`, backticks, a subshell or a pipeline), a declaration or variable
 * assignment that changes the environment of later commands, a function definition (which could
 * shadow an allowed command's name), or an output redirection (a file write).
 */
export interface ShellUnit {
	kind: "command" | "declaration" | "assignment" | "function" | "redirect"
	/** The unit's source text with whitespace runs collapsed, e.g. "git log --oneline". */
	text: string
}

export type ShellParse = { ok: true; units: ShellUnit[] } | { ok: false; error: string }

export interface ShellParserLocation {
	/** Where tree-sitter's runtime wasm is; defaults to the installed web-tree-sitter package. */
	runtimeWasmPath?: string
	/** Where the bash grammar wasm is; defaults to the installed tree-sitter-bash package. */
	bashWasmPath?: string
}

/** Output operators that write to a file; input redirections and fd duplications do not. */
const writingRedirect = /^(>|>>|>\||&>|&>>)$/
const harmlessTargets = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"])

let parserPromise: Promise<Parser> | undefined
let defaultLocation: ShellParserLocation = {}

/**
 * Where the wasm files are when they are not next to their npm packages (a bundled extension
 * ships them beside its bundle). Call before the first command is checked.
 */
export function configureShellParser(location: ShellParserLocation): void {
	defaultLocation = location
}

/**
 * The bash grammar, loaded once per process. A real grammar rather than splitting on `&&` is
 * what makes chained and nested commands impossible to slip past an allowlist.
 */
export function loadShellParser(location: ShellParserLocation = defaultLocation): Promise<Parser> {
	parserPromise ??= (async () => {
		const resolve = createRequire(import.meta.url).resolve
		const runtimeWasmPath = location.runtimeWasmPath ?? resolve("web-tree-sitter/web-tree-sitter.wasm")
		await Parser.init({ locateFile: () => runtimeWasmPath })
		const bash = await Language.load(
			location.bashWasmPath ?? resolve("tree-sitter-bash/tree-sitter-bash.wasm"),
		)
		const parser = new Parser()
		parser.setLanguage(bash)
		return parser
	})()
	return parserPromise
}

const collapse = (text: string) => text.trim().replace(/\s+/g, " ")

function unitsOf(root: Node): ShellUnit[] {
	const units: ShellUnit[] = []
	const visit = (node: Node) => {
		switch (node.type) {
			case "command":
				units.push({ kind: "command", text: collapse(node.text) })
				break
			case "declaration_command":
			case "unset_command":
				units.push({ kind: "declaration", text: collapse(node.text) })
				break
			case "variable_assignment":
				// Inside a command or declaration it is part of that unit's text already.
				if (node.parent?.type !== "command" && node.parent?.type !== "declaration_command") {
					units.push({ kind: "assignment", text: collapse(node.text) })
				}
				break
			case "function_definition":
				units.push({ kind: "function", text: collapse(node.text) })
				break
			case "file_redirect": {
				const operator = node.children.find((child) => child && writingRedirect.test(child.type))
				const target = node.childForFieldName("destination")?.text ?? ""
				if (operator && !harmlessTargets.has(target)) {
					units.push({ kind: "redirect", text: collapse(node.text) })
				}
				break
			}
		}
		for (const child of node.namedChildren) if (child) visit(child)
	}
	visit(root)
	return units
}

/** Splits a shell line into the units an approval rule must judge, or says why it cannot. */
export async function parseShellLine(
	line: string,
	location: ShellParserLocation = defaultLocation,
): Promise<ShellParse> {
	const parser = await loadShellParser(location)
	const tree = parser.parse(line)
	if (tree === null) return { ok: false, error: "the shell parser gave no result" }
	try {
		if (tree.rootNode.hasError) return { ok: false, error: "the command is not valid shell syntax" }
		return { ok: true, units: unitsOf(tree.rootNode) }
	} finally {
		tree.delete()
	}
}
