import { lstat, opendir } from "node:fs/promises"
import path from "node:path"

/**
 * Bytes `folder`'s own entries take on disk: allocated blocks where the system tells them, else
 * sizes. Links are counted as links and never followed, so a linked node_modules costs nothing.
 * One folder open at a time, so a deep tree cannot run out of file descriptors.
 */
export async function diskBytes(folder: string): Promise<number> {
	let total = 0
	const folders = [folder]
	for (let current = folders.pop(); current !== undefined; current = folders.pop()) {
		const info = await lstatIfThere(current)
		if (info === undefined) continue
		total += bytesOf(info)
		if (!info.isDirectory()) continue
		for await (const entry of await opendir(current)) {
			const child = path.join(current, entry.name)
			if (entry.isDirectory()) folders.push(child)
			else total += bytesOf((await lstatIfThere(child)) ?? { blocks: 0, size: 0 })
		}
	}
	return total
}

async function lstatIfThere(file: string) {
	return lstat(file).catch((error: NodeJS.ErrnoException) => {
		// Removed while being counted: it takes no room any more.
		if (error.code === "ENOENT") return undefined
		throw error
	})
}

const bytesOf = (info: { blocks: number; size: number }): number =>
	Number.isFinite(info.blocks) && info.blocks > 0 ? info.blocks * 512 : info.size
