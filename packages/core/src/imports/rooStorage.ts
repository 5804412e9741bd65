import { readdir, stat } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { ImportFileError } from "./readImportFile.js"

/** The folder Roo Code keeps in each editor's global storage. */
export const rooExtensionFolder = "rooveterinaryinc.roo-cline"

/** The editors (and their forks) whose user data may hold Roo's storage. */
const editorFolders = ["Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"]

/** Where an editor keeps its user data on this platform, for each editor. */
function userDataFolders(home: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
	const config =
		platform === "darwin"
			? path.join(home, "Library", "Application Support")
			: platform === "win32"
				? (env.APPDATA ?? path.join(home, "AppData", "Roaming"))
				: (env.XDG_CONFIG_HOME ?? path.join(home, ".config"))
	return [
		...editorFolders.map((editor) => path.join(config, editor, "User")),
		path.join(home, ".local", "share", "code-server", "User"),
		path.join(home, ".vscode-server", "data", "User"),
	]
}

const isFolder = (folder: string) =>
	stat(folder).then(
		(s) => s.isDirectory(),
		() => false,
	)

/** Roo's `tasks` folders on this machine, one per editor that has Roo's storage. */
export async function findRooTaskFolders(
	home = os.homedir(),
	env: NodeJS.ProcessEnv = process.env,
	platform: NodeJS.Platform = process.platform,
): Promise<string[]> {
	const candidates = userDataFolders(home, env, platform).map((user) =>
		path.join(user, "globalStorage", rooExtensionFolder, "tasks"),
	)
	const found = await Promise.all(candidates.map(isFolder))
	return candidates.filter((_, index) => found[index])
}

/**
 * The task folders under a folder the person chose: Roo's storage folder (holding `tasks/`), its
 * `tasks` folder, or one task's folder.
 */
export async function rooTaskDirsIn(chosen: string): Promise<string[]> {
	if (await hasFile(chosen, "api_conversation_history.json")) return [chosen]
	const tasks = (await isFolder(path.join(chosen, "tasks"))) ? path.join(chosen, "tasks") : chosen
	const entries = await readdir(tasks, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
		throw new ImportFileError(`${chosen} is not a folder Cairn can read (${error.code ?? "error"})`)
	})
	return entries
		.filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
		.map((entry) => path.join(tasks, entry.name))
		.sort()
}

const hasFile = (folder: string, name: string) =>
	stat(path.join(folder, name)).then(
		(s) => s.isFile(),
		() => false,
	)
