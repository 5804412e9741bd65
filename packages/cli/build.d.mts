/**
 * Bundles the CLI into dist/cairn.js (and links it into node_modules/.bin); returns its path.
 * `withRuntime` copies what the bundle reads at run time into dist/node_modules (for `npm pack`).
 */
export declare function buildCli(options?: {
	logLevel?: "silent" | "error" | "warning" | "info"
	withRuntime?: boolean
}): Promise<string>
export declare const runtimeExternals: readonly string[]
