import type { RunOptions } from "../cli/runOptions.js"
import { createCliLogger } from "../host/cliLogger.js"
import { ExtensionHost } from "../host/ExtensionHost.js"
import { cliVersion } from "../version.js"

/** The agent on $CAIRN_HOME for a command that works on stored tasks (no provider flags applied). */
export function startHistoryHost(options: RunOptions): Promise<ExtensionHost> {
	const logger = createCliLogger({
		debug: options.debug,
		cairnHome: options.cairnHome,
		stderr: true,
		secrets: [],
	})
	return ExtensionHost.start({
		workspace: options.workspace,
		storageDir: options.cairnHome,
		logger,
		version: cliVersion,
	})
}
