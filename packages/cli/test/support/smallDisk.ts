import { execFile } from "node:child_process"
import { mkdir, rm, statfs, writeFile } from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)
const fillerName = "filler.bin"

/** A real, small file system (tmpfs) mounted on a folder, so a test can fill it. */
export interface SmallDisk {
	folder: string
	/** Fills the disk until `leaveBytes` are free (rounded down to whole blocks). */
	fill(leaveBytes: number): Promise<void>
	/** Frees what `fill` took. */
	free(): Promise<void>
	unmount(): Promise<void>
}

/**
 * Mounts a tmpfs of `sizeKb` on `folder` (created if needed). Needs root (CI and this machine
 * run tests as root); anywhere else it throws with the reason, for the test to skip with.
 */
export async function mountSmallDisk(folder: string, sizeKb: number): Promise<SmallDisk> {
	await mkdir(folder, { recursive: true })
	try {
		await run("mount", ["-t", "tmpfs", "-o", `size=${sizeKb}k`, "tmpfs", folder])
	} catch (error) {
		throw new Error(`cannot mount a tmpfs here (${(error as Error).message.trim()})`, { cause: error })
	}
	const filler = path.join(folder, fillerName)
	return {
		folder,
		async fill(leaveBytes) {
			const { bavail, bsize } = await statfs(folder)
			await writeFile(filler, Buffer.alloc(Math.max(0, bavail * bsize - leaveBytes)))
		},
		free: () => rm(filler, { force: true }),
		async unmount() {
			await run("umount", [folder]).catch(() => run("umount", ["-l", folder]))
		},
	}
}
