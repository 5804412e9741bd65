import type { ModesSnapshot } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { globalModesFile, ModeCatalog } from "./modeCatalog.js"

/** Every mode a task in `workspaceRoot` could use, read once (a one-shot listing: nothing watched). */
export async function readModes(
	workspaceRoot: string,
	storageDir: string,
	logger: Logger,
): Promise<ModesSnapshot> {
	const modes = await ModeCatalog.open({
		workspaceRoot,
		globalFile: globalModesFile(storageDir),
		logger,
		watch: false,
	})
	try {
		return modes.snapshot()
	} finally {
		modes.dispose()
	}
}
