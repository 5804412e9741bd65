// Bundles the CLI into ESM: dist/cairn.js and the chunks it imports when a run needs them
// (dist/chunks/, see `splitting` below). @cairn/* packages are bundled from their
// TypeScript sources (the "source" export condition), so the binary needs no other build first.
// Packages that find their own files at run time (wasm grammars, the ripgrep binary, playwright) stay
// external: they resolve from node_modules next to the bundle, exactly as from the sources.
import { chmod, lstat, mkdir, rm, symlink } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const packageDir = path.dirname(fileURLToPath(import.meta.url))
const outdir = path.join(packageDir, "dist")
const outfile = path.join(outdir, "cairn.js")

export const runtimeExternals = ["web-tree-sitter", "tree-sitter-bash", "@vscode/ripgrep", "playwright-core"]

/** Ink connects to React devtools only when DEV=true; they are not installed, so that is a no-op. */
const devtoolsStub = {
	name: "react-devtools-stub",
	setup(build) {
		build.onResolve({ filter: /^react-devtools-core$/ }, () => ({
			path: "react-devtools-core",
			namespace: "stub",
		}))
		build.onLoad({ filter: /.*/, namespace: "stub" }, () => ({
			contents: "export default { initialize() {}, connectToDevTools() {} }",
			loader: "js",
		}))
	},
}

export async function buildCli({ logLevel = "warning" } = {}) {
	// Chunk names carry a hash of their content: without this, every build would leave old ones.
	await rm(path.join(outdir, "chunks"), { recursive: true, force: true })
	await build({
		entryPoints: [path.join(packageDir, "src", "cairn.ts")],
		outdir,
		// What is imported dynamically (a provider's SDK, the MCP SDK, the tokenizer, the terminal
		// UI) goes into chunks of its own, read from disk only by a run that uses it.
		splitting: true,
		chunkNames: "chunks/[name]-[hash]",
		bundle: true,
		platform: "node",
		target: "node20",
		format: "esm",
		conditions: ["source"],
		external: runtimeExternals,
		plugins: [devtoolsStub],
		jsx: "automatic",
		sourcemap: true,
		sourcesContent: false,
		logLevel,
		define: { "process.env.NODE_ENV": JSON.stringify("production") },
		banner: {
			// CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
			js: [
				"#!/usr/bin/env node",
				'import { createRequire as __cairnCreateRequire } from "node:module";',
				"const require = __cairnCreateRequire(import.meta.url);",
			].join("\n"),
		},
	})
	await chmod(outfile, 0o755)
	await linkBin()
	return outfile
}

/**
 * npm links a workspace's bin into node_modules/.bin only if the file exists at install time,
 * and from a clean clone dist/ does not exist yet. Create the same link npm would have made, so
 * `npx cairn` works after `npm ci && npm run build`.
 */
async function linkBin() {
	const root = path.resolve(packageDir, "..", "..")
	const binDir = path.join(root, "node_modules", ".bin")
	const link = path.join(binDir, "cairn")
	const exists = await lstat(link).then(
		() => true,
		() => false,
	)
	if (exists) return
	await mkdir(binDir, { recursive: true })
	await symlink(path.join("..", "@cairn", "cli", "dist", "cairn.js"), link)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await buildCli({ logLevel: "info" })
}
