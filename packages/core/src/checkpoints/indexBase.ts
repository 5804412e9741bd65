import { lstatSync } from "node:fs"
import path from "node:path"

/**
 * The tree the shadow index holds, as long as this process was the last to write the index. A
 * checkpoint can then be built from that tree and the paths the listing names, without writing
 * the index (see ShadowRepository). Any other write of the index (a restore, another window on
 * the same workspace, a git killed mid-write) changes the index file's identity and stamps, and
 * the tree is no longer trusted: the next checkpoint goes through the index again.
 */
export class IndexBase {
	private known: { tree: string; stamp: string } | undefined

	constructor(private readonly gitDir: string) {}

	/** The index's tree, when nothing but this process has written the index since `record`. */
	async tree(): Promise<string | undefined> {
		const known = this.known
		if (known === undefined) return undefined
		return (await this.stamp()) === known.stamp ? known.tree : undefined
	}

	/** The index now holds `tree` (write-tree just said so). */
	async record(tree: string): Promise<void> {
		const stamp = await this.stamp()
		this.known = stamp === undefined ? undefined : { tree, stamp }
	}

	forget(): void {
		this.known = undefined
	}

	/** Read synchronously: a look at one file, cheaper than the thread pool's round trip each checkpoint. */
	private async stamp(): Promise<string | undefined> {
		let stats
		try {
			stats = lstatSync(path.join(this.gitDir, "index"), { bigint: true, throwIfNoEntry: false })
		} catch {
			return undefined
		}
		if (stats === undefined) return undefined
		return [stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs].join(":")
	}
}
