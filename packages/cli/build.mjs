// Bundles the CLI into ESM: dist/cairn.js and the chunks it imports when a run needs them
// (dist/chunks/, see `splitting` below). @cairn/* packages are bundled from their
// TypeScript sources (the "source" export condition), so the binary needs no other build first.
// Packages that find their own files at run time (wasm grammars, the ripgrep binary, playwright) stay
// external: they resolve from node_modules next to the bundle, exactly as from the sources.
import { existsSync } from "node:fs"
import { chmod, cp, lstat, mkdir, rm, symlink } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { zodEnglishOnly } from "../../scripts/bundling/zodEnglishOnly.mjs"

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

/**
 * What the bundle reads from disk at run time, from node_modules beside it: the packages it
 * imports unbundled (above) and the tree-sitter grammars' wasm. `files` keeps only those of a
 * package (with its package.json); without it the whole package is copied, less `skip`.
 */
const runtimeFiles = [
	{ name: "web-tree-sitter" },
	{ name: "playwright-core", skip: ["types"] },
	{ name: "@vscode/ripgrep" },
	// The ripgrep binary of the platform packing: elsewhere the CLI uses the system's rg.
	{ name: `@vscode/ripgrep-${process.platform}-${process.arch}` },
	{ name: "tree-sitter-bash", files: ["tree-sitter-bash.wasm"] },
	{ name: "tree-sitter-c", files: ["tree-sitter-c.wasm"] },
	{ name: "@vscode/tree-sitter-wasm", files: ["wasm"] },
]

/** A dependency's folder, where npm put it: beside the CLI or hoisted to the repository's root. */
function installedPackage(name) {
	const candidates = [packageDir, path.resolve(packageDir, "..", "..")].map((dir) =>
		path.join(dir, "node_modules", name),
	)
	const found = candidates.find((dir) => existsSync(path.join(dir, "package.json")))
	if (found === undefined) throw new Error(`build: ${name} is not installed (npm ci first)`)
	return found
}

/**
 * Copies the run-time files into dist/node_modules, so dist/ alone is the whole CLI: what
 * `npm pack` puts in the package (the prepack script), with no dependency left to install.
 */
async function copyRuntimeFiles() {
	for (const { name, files, skip = [] } of runtimeFiles) {
		const from = installedPackage(name)
		const to = path.join(outdir, "node_modules", name)
		const skipped = skip.map((entry) => path.join(from, entry))
		const copy = (entry) =>
			cp(path.join(from, entry), path.join(to, entry), {
				recursive: true,
				filter: (source) => !skipped.includes(source),
			})
		for (const entry of files === undefined ? [""] : ["package.json", ...files]) await copy(entry)
	}
}

/** Builds dist/; `withRuntime` also copies the run-time files in (see copyRuntimeFiles). */
export async function buildCli({ logLevel = "warning", withRuntime = false } = {}) {
	// Chunk names carry a hash of their content: without this, every build would leave old ones.
	// Run-time files copied by an earlier build could be older than node_modules' own.
	await rm(path.join(outdir, "chunks"), { recursive: true, force: true })
	await rm(path.join(outdir, "node_modules"), { recursive: true, force: true })
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
		plugins: [devtoolsStub, zodEnglishOnly],
		jsx: "automatic",
		// V8 keeps every module's source in memory for as long as the process runs: without comments
		// and indentation it is a third smaller. Names stay as written (no identifier renaming), so
		// an error's stack and a class's name read the same as from the sources.
		minifyWhitespace: true,
		minifySyntax: true,
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
	if (withRuntime) await copyRuntimeFiles()
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
	await buildCli({ logLevel: "info", withRuntime: process.argv.includes("--with-runtime") })
}
