import type { SlashCommandsSnapshot } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { readModes } from "../modes/readModes.js"
import { commandFolders, loadSlashCommands } from "./commandCatalog.js"

/**
 * The commands of a workspace and a storage folder, for a client without a Controller (`cairn
 * commands list`): the modes files are read once for `/mode`'s hint.
 */
export async function readSlashCommands(
	workspaceRoot: string,
	storageDir: string,
	logger: Logger,
): Promise<SlashCommandsSnapshot> {
	const slugs = (await readModes(workspaceRoot, storageDir, logger)).modes.map((mode) => mode.slug)
	return (await loadSlashCommands(commandFolders(workspaceRoot, storageDir), slugs)).snapshot()
}
