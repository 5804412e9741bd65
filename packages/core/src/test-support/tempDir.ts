import { mkdtemp, realpath, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"

/** A fresh folder under the system temp dir (its real path, so symlinked /tmp does not confuse paths). */
export async function makeTempDir(prefix = "cairn-test-"): Promise<{ dir: string; remove(): Promise<void> }> {
	const dir = await realpath(await mkdtemp(path.join(tmpdir(), prefix)))
	return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
