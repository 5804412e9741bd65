/** Bundles the action into dist/index.mjs (the file action.yml runs), or into `outfile`; returns its path. */
export declare function buildAction(options?: {
	outfile?: string
	logLevel?: "silent" | "error" | "warning" | "info"
}): Promise<string>
export declare const actionBundle: string
