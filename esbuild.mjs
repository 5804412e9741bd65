// Bundles the extension host (src/) into dist/extension.js and the extension-host test suite
// into out/test/suite/. `vscode` is provided by the editor at run time; @cairn/* packages are
// bundled from their TypeScript sources through the "source" export condition.
import { build, context } from "esbuild"
import { copyFileSync, cpSync, mkdirSync, readdirSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { bundleApartOptions, bundlesApart, requireBundlesApart } from "./scripts/bundling/bundlesApart.mjs"
import { zodEnglishOnly } from "./scripts/bundling/zodEnglishOnly.mjs"

const production = process.argv.includes("--production")
const watch = process.argv.includes("--watch")
const resolve = createRequire(import.meta.url).resolve

const shared = {
	bundle: true,
	platform: "node",
	target: "node20",
	format: "cjs",
	conditions: ["source"],
	sourcemap: true,
	sourcesContent: false,
	logLevel: "info",
}

/** @type {import("esbuild").BuildOptions} */
const extension = {
	...shared,
	entryPoints: ["src/extension.ts"],
	outfile: "dist/extension.js",
	external: ["vscode"],
	minify: production,
	define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
}

// The tokenizer is a fifth of the agent's code (its vocabulary): a bundle of its own, which the
// agent requires when it first counts tokens, so opening the view does not parse it. A CommonJS
// bundle cannot be split: the agent's import of the tokenizer gets a module that requires that
// file at run time, as the extension requires the agent.
const tokenizerModule = "gpt-tokenizer/encoding/cl100k_base"

/**
 * An import matched by `filter` gets a module that requires `file` (a bundle of its own beside the
 * agent's) at run time.
 * @returns {import("esbuild").Plugin}
 */
function requiredApart(name, filter, file) {
	return {
		name,
		setup(build) {
			build.onResolve({ filter }, (args) => ({ path: args.path, namespace: name }))
			build.onLoad({ filter: /.*/, namespace: name }, () => ({
				contents: `module.exports = require("./${file}")`,
				loader: "js",
			}))
			build.onResolve(
				{ filter: new RegExp(`^\\./${file.replace(".", "\\.")}$`), namespace: name },
				(args) => ({
					path: args.path,
					external: true,
				}),
			)
		},
	}
}
const tokenizerApart = requiredApart("tokenizer-apart", new RegExp(`^${tokenizerModule}$`), "tokenizer.js")
/** @type {import("esbuild").BuildOptions} */
const tokenizer = {
	...shared,
	entryPoints: [resolve(tokenizerModule)],
	outfile: "dist/tokenizer.js",
	minify: production,
}

// The OpenTelemetry SDK (a tenth of the agent's code) is read only by a person who turned the export
// on: a bundle of its own too, required when the first task is made with the export on.
const telemetryApart = requiredApart("telemetry-apart", /^\.\/otlpSession\.js$/, "telemetry.js")

// The SDKs the agent imports on first use (a provider's, the MCP SDK) are bundles of their own as well.
const root = path.dirname(fileURLToPath(import.meta.url))
const groupsApart = bundlesApart(root)

// The agent (core, SDKs, schemas) is a bundle of its own, loaded on first use so activation
// stays light. In a CommonJS bundle import.meta.url is empty; the core resolves files with it.
// playwright-core reads its own files from beside its code, so it ships whole in dist/node_modules.
/** @type {import("esbuild").BuildOptions} */
const agent = {
	...shared,
	entryPoints: ["src/agent/index.ts"],
	outfile: "dist/agent.js",
	external: ["vscode", "playwright-core"],
	plugins: [tokenizerApart, telemetryApart, requireBundlesApart(groupsApart), zodEnglishOnly],
	minify: production,
	define: { "import.meta.url": "__cairnModuleUrl" },
	banner: { js: 'var __cairnModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
}

/** @type {import("esbuild").BuildOptions} */
const telemetry = {
	...agent,
	entryPoints: ["packages/core/src/telemetry/otlpSession.ts"],
	outfile: "dist/telemetry.js",
	plugins: [zodEnglishOnly],
}

// tree-sitter's wasm files (the runtime, the shell grammar, the code outline grammars) ship next
// to the bundle: the vsix has no node_modules, and the agent looks for them in dist/.
mkdirSync("dist", { recursive: true })
const vscodeGrammars = path.dirname(resolve("@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm"))
const wasmFiles = [
	resolve("web-tree-sitter/web-tree-sitter.wasm"),
	resolve("tree-sitter-bash/tree-sitter-bash.wasm"),
	resolve("tree-sitter-c/tree-sitter-c.wasm"),
	...readdirSync(vscodeGrammars)
		.filter((name) => name.startsWith("tree-sitter-") && name.endsWith(".wasm"))
		.map((name) => path.join(vscodeGrammars, name)),
]
for (const wasm of wasmFiles) copyFileSync(wasm, path.join("dist", path.basename(wasm)))
const playwrightDir = path.dirname(resolve("playwright-core/package.json"))
cpSync(playwrightDir, path.join("dist", "node_modules", "playwright-core"), {
	recursive: true,
	filter: (source) => !source.startsWith(path.join(playwrightDir, "types")),
})

const suiteDir = "src/test/suite"
// Mocha runs every file in out/test/suite: a test deleted from src/ must not live on there.
rmSync("out/test", { recursive: true, force: true })
/** @type {import("esbuild").BuildOptions} */
const tests = {
	...shared,
	// Mocha loads each *.test.js itself, so every test file is an entry of its own.
	entryPoints: readdirSync(suiteDir)
		.filter((name) => name === "index.ts" || name.endsWith(".test.ts"))
		.map((name) => path.join(suiteDir, name)),
	outdir: "out/test/suite",
	// Mocha is resolved from node_modules at run time: its loader requires test files by path.
	external: ["vscode", "mocha"],
	// The suites import the core as the agent bundle does, and some of its dependencies resolve
	// files with import.meta.url at load time (tinyglobby's fdir): the same stand-in as the agent.
	define: agent.define,
	banner: agent.banner,
}

// The demo's scripted model (packages/model-server) is required when the demo starts, never before;
// its script and sample project ship beside it (examples/demo).
/** @type {import("esbuild").BuildOptions} */
const demoModel = {
	...shared,
	entryPoints: ["src/demo/demoModelServer.ts"],
	outfile: "dist/demoModel.js",
	plugins: [tokenizerApart],
	minify: production,
}
rmSync("dist/demo", { recursive: true, force: true })
cpSync("examples/demo", "dist/demo", { recursive: true })

const apart = groupsApart.map((group) => bundleApartOptions(group, groupsApart, agent, root))
const builds = [extension, agent, ...apart, tokenizer, telemetry, demoModel, tests]

if (watch) {
	const contexts = await Promise.all(builds.map((options) => context(options)))
	await Promise.all(contexts.map((ctx) => ctx.watch()))
} else {
	await Promise.all(builds.map((options) => build(options)))
}
