// Bundles the action into one file, dist/index.mjs, which action.yml names: a runner runs it with
// its own Node and installs nothing, so every dependency is inside. @cairn/* packages are bundled
// from their TypeScript sources (the "source" export condition).
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const packageDir = path.dirname(fileURLToPath(import.meta.url))
export const actionBundle = path.join(packageDir, "dist", "index.mjs")

export async function buildAction({ logLevel = "warning" } = {}) {
	await build({
		entryPoints: [path.join(packageDir, "src", "index.ts")],
		outfile: actionBundle,
		bundle: true,
		platform: "node",
		target: "node20",
		format: "esm",
		conditions: ["source"],
		minifyWhitespace: true,
		minifySyntax: true,
		sourcemap: true,
		sourcesContent: false,
		logLevel,
		banner: {
			// CommonJS dependencies (@actions/core) inside an ESM bundle still call require() for Node built-ins.
			js: [
				'import { createRequire as __cairnCreateRequire } from "node:module";',
				"const require = __cairnCreateRequire(import.meta.url);",
			].join("\n"),
		},
	})
	return actionBundle
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildAction({ logLevel: "info" })
}
