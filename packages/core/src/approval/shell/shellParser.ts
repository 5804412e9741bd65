import { createRequire } from "node:module"
import { Language, Parser } from "web-tree-sitter"

export interface ShellParserLocation {
	/** Where tree-sitter's runtime wasm is; defaults to the installed web-tree-sitter package. */
	runtimeWasmPath?: string
	/** Where the bash grammar wasm is; defaults to the installed tree-sitter-bash package. */
	bashWasmPath?: string
}

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
