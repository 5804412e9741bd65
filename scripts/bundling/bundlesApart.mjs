// Packages the agent imports only with `import()` (a provider's SDK, the MCP SDK) in bundles of
// their own beside the agent's (esbuild.mjs). Inside a CommonJS bundle an `import()` is not
// evaluated until called, but its code is still read, kept as the script's source and pre-parsed
// whenever the bundle loads: 2.4 MB of the agent's 4 MB, held by the extension host from the
// moment the view opens for a person who uses one provider and maybe no MCP server.
import path from "node:path"

/**
 * One bundle per group: packages used together (an SDK and what only it imports) share one copy of
 * their dependencies and their classes' identity. `modules` maps what the agent imports (a package
 * or a source file of the core, absolute, as .ts) to its key in the bundle's exports.
 * @typedef {{ file: string, modules: Record<string, string> }} BundleApart
 */

/** @param {string} root the repository's root, where the core's sources are found */
export function bundlesApart(root) {
	const core = (file) => path.join(root, "packages", "core", "src", file)
	/** @type {BundleApart[]} */
	const groups = [
		{
			file: "anthropic.js",
			modules: { "@anthropic-ai/sdk": "sdk", "@anthropic-ai/vertex-sdk": "vertex" },
		},
		// genai imports google-auth-library itself; Vertex's credentials use the same copy.
		{ file: "google.js", modules: { "@google/genai": "genai", "google-auth-library": "auth" } },
		{ file: "openai.js", modules: { openai: "sdk" } },
		{ file: "ollama.js", modules: { ollama: "sdk" } },
		{
			file: "bedrock.js",
			modules: {
				"@aws-sdk/client-bedrock-runtime": "sdk",
				"@smithy/node-http-handler": "http",
				"@aws-sdk/credential-providers": "credentials",
			},
		},
		{
			file: "mcp.js",
			modules: {
				"@modelcontextprotocol/sdk/client/index.js": "client",
				"@modelcontextprotocol/sdk/types.js": "types",
				[core("mcp/transport.ts")]: "transport",
			},
		},
		{ file: "htmlMarkdown.js", modules: { "node-html-markdown": "markdown" } },
	]
	return groups
}

/** What `importer` means by `specifier`, as the groups name it (a package, or a core source file). */
function groupKey(specifier, importer) {
	if (!specifier.startsWith(".")) return specifier
	return path.resolve(path.dirname(importer), specifier).replace(/\.js$/, ".ts")
}

/**
 * Each import of a group's module (but the group `own`, being bundled) gets a module that requires
 * the group's bundle when it is first evaluated: for an `import()`, when it is called. The module
 * re-exports the group's key as an ES module would (`default` included), so `import()` gives the
 * same names as when the package was bundled in.
 * @param {BundleApart[]} groups
 * @param {BundleApart} [own]
 * @returns {import("esbuild").Plugin}
 */
export function requireBundlesApart(groups, own) {
	const where = new Map()
	for (const group of groups)
		if (group !== own)
			for (const [module, key] of Object.entries(group.modules)) where.set(module, { group, key })
	return {
		name: "bundles-apart",
		setup(build) {
			build.onResolve({ filter: /.*/ }, (args) => {
				if (args.kind === "entry-point" || args.namespace === "bundles-apart") return undefined
				const found = where.get(groupKey(args.path, args.importer))
				return found && { path: `${found.group.file}#${found.key}`, namespace: "bundles-apart" }
			})
			build.onResolve({ filter: /^\.\//, namespace: "bundles-apart" }, (args) => ({
				path: args.path,
				external: true,
			}))
			build.onLoad({ filter: /.*/, namespace: "bundles-apart" }, (args) => {
				const [file, key] = args.path.split("#")
				return {
					contents: [
						`const loaded = require("./${file}")[${JSON.stringify(key)}]`,
						`Object.defineProperty(exports, "__esModule", { value: true })`,
						`for (const name of Object.keys(loaded))`,
						`\tObject.defineProperty(exports, name, { enumerable: true, get: () => loaded[name] })`,
					].join("\n"),
					loader: "js",
				}
			})
		},
	}
}

/**
 * The build options of `group`'s bundle, from the agent's: its modules as one entry whose exports
 * are keyed as the group says.
 * @param {BundleApart} group
 * @param {BundleApart[]} groups
 * @param {import("esbuild").BuildOptions} agent
 * @param {string} root
 * @returns {import("esbuild").BuildOptions}
 */
export function bundleApartOptions(group, groups, agent, root) {
	const { entryPoints: _agentEntry, ...options } = agent
	return {
		...options,
		stdin: {
			contents: Object.entries(group.modules)
				.map(([module, key]) => `export * as ${key} from ${JSON.stringify(module)}`)
				.join("\n"),
			resolveDir: root,
			sourcefile: `bundle-apart-${group.file}`,
			loader: "js",
		},
		outfile: path.join(path.dirname(agent.outfile), group.file),
		plugins: [
			...(agent.plugins ?? []).filter((plugin) => plugin.name !== "bundles-apart"),
			requireBundlesApart(groups, group),
		],
	}
}
