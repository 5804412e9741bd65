import path from "node:path"
import { build } from "esbuild"

/**
 * Bundles a crash-test child like the CLI: the core from source in one file. The wasm and
 * ripgrep packages stay external because they locate their files next to their own modules.
 * Returns the bundle's path.
 */
export async function bundleChild(entry: string, name: string): Promise<string> {
	const outfile = path.resolve(import.meta.dirname, `../../../.test-build/${name}.mjs`)
	await build({
		entryPoints: [path.resolve(import.meta.dirname, entry)],
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20",
		conditions: ["source"],
		outfile,
		external: ["web-tree-sitter", "tree-sitter-bash", "@vscode/ripgrep"],
		banner: {
			js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
		},
		logLevel: "error",
	})
	return outfile
}
