import { Language, Parser } from "web-tree-sitter"
import { initTreeSitter, wasmFile } from "../../tree-sitter/wasmFiles.js"

let parserPromise: Promise<Parser> | undefined

/**
 * The bash grammar, loaded once per process. A real grammar rather than splitting on `&&` is
 * what makes chained and nested commands impossible to slip past an allowlist.
 */
export function loadShellParser(): Promise<Parser> {
	parserPromise ??= (async () => {
		await initTreeSitter()
		const bash = await Language.load(
			wasmFile("tree-sitter-bash.wasm", "tree-sitter-bash/tree-sitter-bash.wasm"),
		)
		const parser = new Parser()
		parser.setLanguage(bash)
		return parser
	})()
	return parserPromise
}
