import type { RunOptions } from "../cli/runOptions.js"
import { commandLogger } from "../host/cliLogger.js"
import { ExtensionHost } from "../host/ExtensionHost.js"
import { cliVersion } from "../version.js"

/** The agent on $CAIRN_HOME for a command that works on stored tasks (no provider flags applied). */
export function startHistoryHost(options: RunOptions): Promise<ExtensionHost> {
	const logger = commandLogger(options)
	return ExtensionHost.start({
		workspace: options.workspace,
		storageDir: options.cairnHome,
		logger,
		version: cliVersion,
	})
}
