import { createHash, randomBytes } from "node:crypto"
import { statSync } from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { deflate, deflateSync } from "node:zlib"
import { GitError } from "../git/gitError.js"
import { renamedIntoPlace } from "./renamedIntoPlace.js"
import type { TreeWriter } from "./treeBuilder.js"

export type ObjectType = "blob" | "tree" | "commit"

/** Git's object formats, each named as node:crypto names its hash. */
export type ObjectFormat = "sha1" | "sha256"

/** What git writes loose objects with (core.looseCompression's default): the fastest zlib level. */
const looseCompression = 1

/** Past this size an object is compressed on the thread pool, not on the event loop. */
const compressedInline = 256 * 1024

const deflateAsync = promisify(deflate)

/**
 * Writes objects into a repository's object folder as git itself writes loose objects: the
 * type, size and bytes hashed for the id, compressed, written to a temporary file beside the
 * object and renamed to `objects/<first two>/<rest>` (a reader sees the whole object or none). A
 * checkpoint's trees and commit are written here, in the host, rather than sent as text to a git
 * that parses, sorts and hashes them again: a folder of 1,000 files made `mktree` cost 7 ms of
 * CPU a turn. Hand-written rather than a git library: the format is a header, zlib and a rename,
 * and a library that writes objects brings the whole of git's model with it.
 */
export class LooseObjects {
	constructor(
		private readonly objectsDir: string,
		private readonly format: ObjectFormat,
	) {}

	/** The repository's object format as `git rev-parse --show-object-format` printed it. */
	static formatOf(printed: string): ObjectFormat {
		const format = printed.trim()
		if (format === "sha1" || format === "sha256") return format
		throw new GitError(`the shadow repository's object format is one Cairn cannot write: "${format}"`)
	}

	/** Writes the object (unless it is there already) and returns its id. */
	async write(type: ObjectType, body: Uint8Array): Promise<string> {
		const object = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body])
		const id = createHash(this.format).update(object).digest("hex")
		const file = path.join(this.objectsDir, id.slice(0, 2), id.slice(2))
		// An id names its content for good: one already written is the same object.
		if (statSync(file, { throwIfNoEntry: false }) !== undefined) return id
		const compressed =
			object.length <= compressedInline
				? deflateSync(object, { level: looseCompression })
				: await deflateAsync(object, { level: looseCompression })
		// git's own temporary name, which its `gc` removes once stale.
		const temp = path.join(path.dirname(file), `tmp_obj_${randomBytes(6).toString("hex")}`)
		renamedIntoPlace(temp, file, compressed, { mode: 0o444 })
		return id
	}
}

/** Trees written whole as loose objects, where no pack can be kept open (see PackedTrees). */
export function looseTrees(objects: LooseObjects): TreeWriter {
	return { write: (_folder, body) => objects.write("tree", body) }
}
