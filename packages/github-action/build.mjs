// Bundles the action into one file, dist/index.mjs, which action.yml names: a runner runs it with
// its own Node and installs nothing, so every dependency is inside. @cairn/* packages are bundled
// from their TypeScript sources (the "source" export condition). The bundle is committed (a
// workflow's `uses: owner/repo/packages/github-action@ref` runs it as it is in the repository), so
// the output must be the same on every machine: minified (no comments naming source paths) and
// without a source map (it would name this checkout's files). test/bundle.test.ts keeps it fresh.
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const packageDir = path.dirname(fileURLToPath(import.meta.url))
export const actionBundle = path.join(packageDir, "dist", "index.mjs")

export async function buildAction({ outfile = actionBundle, logLevel = "warning" } = {}) {
	await build({
		entryPoints: [path.join(packageDir, "src", "index.ts")],
		outfile,
		absWorkingDir: packageDir,
		bundle: true,
		platform: "node",
		target: "node20",
		format: "esm",
		conditions: ["source"],
		minifyWhitespace: true,
		minifySyntax: true,
		sourcemap: false,
		legalComments: "none",
		logLevel,
		banner: {
			// CommonJS dependencies (@actions/core) inside an ESM bundle still call require() for Node built-ins.
			js: [
				'import { createRequire as __cairnCreateRequire } from "node:module";',
				"const require = __cairnCreateRequire(import.meta.url);",
			].join("\n"),
		},
	})
	return outfile
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildAction({ logLevel: "info" })
}
