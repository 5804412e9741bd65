// Bundles the extension host (src/) into dist/extension.js and the extension-host test suite
// into out/test/suite/. `vscode` is provided by the editor at run time; @cairn/* packages are
// bundled from their TypeScript sources through the "source" export condition.
import { build, context } from "esbuild"
import { readdirSync } from "node:fs"
import path from "node:path"

const production = process.argv.includes("--production")
const watch = process.argv.includes("--watch")

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

const suiteDir = "src/test/suite"
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
}

const builds = [extension, tests]

if (watch) {
	const contexts = await Promise.all(builds.map((options) => context(options)))
	await Promise.all(contexts.map((ctx) => ctx.watch()))
} else {
	await Promise.all(builds.map((options) => build(options)))
}
