// An esbuild plugin shared by the extension's bundles (esbuild.mjs) and the CLI's
// (packages/cli/build.mjs).
import path from "node:path"

/**
 * zod's namespace object (`z`) carries every language's error messages, 64 of them and 250 KB of
 * a bundle: Cairn uses `z` as a value, so esbuild keeps all it holds. zod shows English unless told
 * otherwise, and nothing here tells it otherwise; `z.locales` keeps English only.
 * @type {import("esbuild").Plugin}
 */
export const zodEnglishOnly = {
	name: "zod-english-only",
	setup(build) {
		build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
			/[\\/]zod[\\/]v4[\\/]/.test(args.importer)
				? {
						path: path.join(path.dirname(args.importer), "..", "locales", "index.js"),
						namespace: "zod-english-only",
					}
				: undefined,
		)
		build.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => ({
			contents: 'export { default as en } from "./en.js"',
			resolveDir: path.dirname(args.path),
			loader: "js",
		}))
	},
}
