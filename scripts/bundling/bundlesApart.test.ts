import { build } from "esbuild"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { globSync } from "tinyglobby"
import { afterEach, describe, expect, it } from "vitest"
import { bundleApartOptions, bundlesApart, requireBundlesApart } from "./bundlesApart.mjs"

const root = path.resolve(__dirname, "..", "..")
const groups = bundlesApart(root)
const openai = groups.find((group) => group.file === "openai.js")!
const markdown = groups.find((group) => group.file === "htmlMarkdown.js")!

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A CommonJS bundle of `source` as the agent's is made, and the bundles apart it needs beside it. */
async function bundle(source: string) {
	dir = mkdtempSync(path.join(os.tmpdir(), "bundles-apart-"))
	writeFileSync(path.join(dir, "entry.js"), source)
	const agent = {
		bundle: true,
		platform: "node" as const,
		format: "cjs" as const,
		logLevel: "silent" as const,
		entryPoints: [path.join(dir, "entry.js")],
		outfile: path.join(dir, "agent.js"),
		nodePaths: [path.join(root, "node_modules")],
		plugins: [requireBundlesApart(groups)],
	}
	const { metafile } = await build({ ...agent, metafile: true })
	for (const group of [openai, markdown]) await build(bundleApartOptions(group, groups, agent, root))
	const requireHere = createRequire(path.join(dir, "agent.js"))
	return {
		metafile,
		agent: requireHere("./agent.js") as Record<string, () => Promise<unknown>>,
		requireHere,
	}
}

describe("bundles apart", () => {
	it("leave an SDK imported with import() out of the agent's bundle, and load it from its own file on the first call", async () => {
		const { metafile, agent, requireHere } = await bundle(
			'export const load = () => import("openai")\nexport const loadMarkdown = () => import("node-html-markdown")',
		)
		const inputs = Object.keys(metafile.outputs[Object.keys(metafile.outputs)[0]!]!.inputs)
		expect(inputs.filter((input) => input.includes("node_modules"))).toEqual([])
		const openaiFile = requireHere.resolve("./openai.js")
		expect(requireHere.cache[openaiFile]).toBeUndefined()

		const sdk = (await agent.load!()) as { OpenAI: unknown; default: unknown }
		expect(requireHere.cache[openaiFile]).toBeDefined()
		// As when the package was bundled in: the class both by name and as the module's default.
		expect(typeof sdk.OpenAI).toBe("function")
		expect(sdk.default).toBe(sdk.OpenAI)
		// A CommonJS package's names are found as the core's commonJsExports looks for them.
		const html = (await agent.loadMarkdown!()) as { NodeHtmlMarkdown?: unknown }
		expect(typeof html.NodeHtmlMarkdown).toBe("function")
	})

	it("give every caller of a group one copy of its modules", async () => {
		const { agent } = await bundle(
			'export const a = () => import("openai")\nexport const b = () => import("openai").then((m) => m)',
		)
		const [first, second] = (await Promise.all([agent.a!(), agent.b!()])) as { OpenAI: unknown }[]
		expect(first!.OpenAI).toBe(second!.OpenAI)
	})

	it("name only modules that resolve from the repository, each in one group", () => {
		const modules = groups.flatMap((group) => Object.keys(group.modules))
		expect(new Set(modules).size).toBe(modules.length)
		const requireHere = createRequire(path.join(root, "packages", "core", "src", "index.ts"))
		for (const module of modules)
			if (path.isAbsolute(module)) expect(readFileSync(module, "utf8")).not.toBe("")
			else expect(requireHere.resolve(module)).toBeTruthy()
	})

	it("hold every package the core imports with import(), but those the build treats otherwise", () => {
		// playwright-core ships whole beside the bundle, the tokenizer is a bundle of its own
		// (esbuild.mjs), and @vscode/ripgrep only names the binary's path.
		const otherwise = ["playwright-core", "gpt-tokenizer/encoding/cl100k_base", "@vscode/ripgrep"]
		const apart = new Set(groups.flatMap((group) => Object.keys(group.modules)))
		const imported = new Set<string>()
		for (const file of globSync("packages/core/src/**/*.ts", { cwd: root }))
			if (!file.endsWith(".test.ts"))
				for (const match of readFileSync(path.join(root, file), "utf8").matchAll(
					/\bimport\("([^".][^"]*)"\)/g,
				))
					imported.add(match[1]!)
		expect([...imported].filter((module) => !apart.has(module) && !otherwise.includes(module))).toEqual(
			[],
		)
	})
})
