import { looseTrees, type LooseObjects, type ObjectFormat } from "./looseObjects.js"
import { PackedTrees } from "./packedTrees.js"
import type { ShadowGit } from "./shadowGit.js"
import type { TreeWriter } from "./treeBuilder.js"

/** Where a checkpoint's trees and commit go; `packed` when they are packed (see PackedTrees). */
export interface CheckpointObjects {
	trees: TreeWriter
	commit: (body: Buffer) => Promise<string>
	packed?: PackedTrees
}

/**
 * Packed trees and commits, sealed before any git that may read them; loose ones on Windows,
 * where a pack another process still holds open cannot be removed once sealed.
 */
export function checkpointObjects(
	folder: string,
	format: ObjectFormat,
	git: ShadowGit,
	looseObjects: LooseObjects,
): CheckpointObjects {
	if (process.platform === "win32")
		return { trees: looseTrees(looseObjects), commit: (body) => looseObjects.write("commit", body) }
	const packed = new PackedTrees(folder, format, async (pack) => {
		await git.run(["index-pack", "--stdin"], { input: pack })
	})
	git.beforeReadingTrees(() => packed.sealAll())
	return { trees: packed, commit: (body) => packed.writeCommit(body), packed }
}
