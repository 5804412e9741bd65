import path from "node:path"
import { definitionQueries } from "./queries.js"

/** A grammar: its wasm file (by name, and inside its npm package) and its definitions query. */
export interface Grammar {
	id: string
	wasmFile: string
	packagePath: string
	query: string
}

function vscodeGrammar(id: string, wasmName: string, query: string): Grammar {
	const wasmFile = `tree-sitter-${wasmName}.wasm`
	return { id, wasmFile, packagePath: `@vscode/tree-sitter-wasm/wasm/${wasmFile}`, query }
}

const q = definitionQueries
const typescript = vscodeGrammar("typescript", "typescript", q.typescript)
const tsx = vscodeGrammar("tsx", "tsx", q.typescript)
const javascript = vscodeGrammar("javascript", "javascript", q.javascript)
const python = vscodeGrammar("python", "python", q.python)
const go = vscodeGrammar("go", "go", q.go)
const rust = vscodeGrammar("rust", "rust", q.rust)
const java = vscodeGrammar("java", "java", q.java)
const cpp = vscodeGrammar("cpp", "cpp", q.cpp)
const csharp = vscodeGrammar("csharp", "c-sharp", q.csharp)
const ruby = vscodeGrammar("ruby", "ruby", q.ruby)
const php = vscodeGrammar("php", "php", q.php)
// VS Code's grammar set has no C: the C grammar's own package ships its wasm.
const c: Grammar = {
	id: "c",
	wasmFile: "tree-sitter-c.wasm",
	packagePath: "tree-sitter-c/tree-sitter-c.wasm",
	query: q.c,
}

const byExtension: Readonly<Record<string, Grammar>> = {
	".ts": typescript,
	".mts": typescript,
	".cts": typescript,
	".tsx": tsx,
	".js": javascript,
	".jsx": javascript,
	".mjs": javascript,
	".cjs": javascript,
	".py": python,
	".go": go,
	".rs": rust,
	".java": java,
	".c": c,
	".h": c,
	".cc": cpp,
	".cpp": cpp,
	".cxx": cpp,
	".hh": cpp,
	".hpp": cpp,
	".hxx": cpp,
	".cs": csharp,
	".rb": ruby,
	".php": php,
}

/** Every grammar, once each, for checking that all of them load. */
export const allGrammars: readonly Grammar[] = [...new Set(Object.values(byExtension))]

export function grammarFor(file: string): Grammar | undefined {
	return byExtension[path.extname(file).toLowerCase()]
}

export const supportedExtensions: readonly string[] = Object.keys(byExtension)
