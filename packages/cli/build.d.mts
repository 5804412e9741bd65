/** Bundles the CLI into dist/cairn.js (and links it into node_modules/.bin); returns its path. */
export declare function buildCli(options?: {
	logLevel?: "silent" | "error" | "warning" | "info"
}): Promise<string>
export declare const runtimeExternals: readonly string[]
