import { createRequire } from "node:module"
import path from "node:path"
import { Parser } from "web-tree-sitter"

let wasmDir: string | undefined

/**
 * Where every wasm file is when they are not next to their npm packages: a bundled extension
 * has no node_modules and ships them in one folder beside its bundle. Call before first use.
 */
export function configureWasmDir(dir: string): void {
	wasmDir = dir
}

/** A wasm file by its file name in the configured folder, else inside its npm package. */
export function wasmFile(fileName: string, packagePath: string): string {
	if (wasmDir !== undefined) return path.join(wasmDir, fileName)
	return createRequire(import.meta.url).resolve(packagePath)
}

let runtime: Promise<void> | undefined

/** tree-sitter's runtime, started once per process for every grammar that uses it. */
export function initTreeSitter(): Promise<void> {
	runtime ??= (async () => {
		const runtimeWasm = wasmFile("web-tree-sitter.wasm", "web-tree-sitter/web-tree-sitter.wasm")
		await Parser.init({ locateFile: () => runtimeWasm })
	})()
	return runtime
}
