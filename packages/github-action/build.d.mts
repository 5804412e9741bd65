/** Bundles the action into dist/index.mjs (the file action.yml runs); returns its path. */
export declare function buildAction(options?: {
	logLevel?: "silent" | "error" | "warning" | "info"
}): Promise<string>
export declare const actionBundle: string
