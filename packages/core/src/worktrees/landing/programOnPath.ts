import { constants } from "node:fs"
import { access, stat } from "node:fs/promises"
import path from "node:path"

/** The file PATH finds for `name` (with PATHEXT's endings on Windows), or undefined when there is none. */
export async function programOnPath(
	name: string,
	env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
	const folders = (env.PATH ?? env.Path ?? "")
		.split(path.delimiter)
		.filter((folder) => path.isAbsolute(folder))
	const endings = process.platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""]
	for (const folder of folders)
		for (const ending of endings) {
			const file = path.join(folder, name + ending)
			const found = await stat(file).then(
				async (info) =>
					info.isFile() &&
					(await access(file, constants.X_OK).then(
						() => true,
						() => false,
					)),
				() => false,
			)
			if (found) return file
		}
	return undefined
}
