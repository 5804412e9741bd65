/**
 * Git's delta format (the data of a pack's OFS_DELTA entry): the source's and target's sizes,
 * then instructions that copy a range of the source or insert bytes. A checkpoint's tree differs
 * from the one before it at the same folder by the few entries that changed, and entries keep
 * their order, so the delta copies the bytes both share at the start and at the end and inserts
 * what lies between: a file added to a folder of 1,000 costs its entry, not the folder's 37 KB.
 * Hand-written: the format is a dozen lines, and no maintained library writes it.
 */
export function gitDelta(source: Buffer, target: Buffer): Buffer {
	const shortest = Math.min(source.length, target.length)
	let prefix = 0
	while (prefix < shortest && source[prefix] === target[prefix]) prefix++
	let suffix = 0
	while (
		suffix < shortest - prefix &&
		source[source.length - 1 - suffix] === target[target.length - 1 - suffix]
	)
		suffix++
	const parts: Buffer[] = [sizeBytes(source.length), sizeBytes(target.length)]
	parts.push(...copy(0, prefix))
	parts.push(...insert(target.subarray(prefix, target.length - suffix)))
	parts.push(...copy(source.length - suffix, suffix))
	return Buffer.concat(parts)
}

/** The most one copy instruction takes here (git's own deltas copy no more at once). */
const copyLimit = 0x10000
/** The most one insert instruction carries. */
const insertLimit = 0x7f

/** A size as the delta's header writes it: seven bits a byte, the lowest first. */
function sizeBytes(size: number): Buffer {
	const bytes: number[] = []
	let rest = size
	do {
		const low = rest % 0x80
		rest = Math.floor(rest / 0x80)
		bytes.push(rest > 0 ? low | 0x80 : low)
	} while (rest > 0)
	return Buffer.from(bytes)
}

/** Copy instructions for `length` bytes of the source from `offset`. */
function copy(offset: number, length: number): Buffer[] {
	const instructions: Buffer[] = []
	for (let done = 0; done < length; done += copyLimit) {
		const at = offset + done
		const size = Math.min(copyLimit, length - done)
		let flags = 0x80
		const bytes: number[] = []
		// The offset's four bytes and the size's three, each written only when not zero and flagged.
		for (let i = 0; i < 4; i++) {
			const byte = Math.floor(at / 2 ** (8 * i)) % 0x100
			if (byte !== 0) {
				flags |= 1 << i
				bytes.push(byte)
			}
		}
		// A size of 0x10000 is written as none (git reads a zero size as 0x10000).
		for (let i = 0; i < 3 && size !== copyLimit; i++) {
			const byte = Math.floor(size / 2 ** (8 * i)) % 0x100
			if (byte !== 0) {
				flags |= 0x10 << i
				bytes.push(byte)
			}
		}
		instructions.push(Buffer.from([flags, ...bytes]))
	}
	return instructions
}

/** Insert instructions carrying `bytes`. */
function insert(bytes: Buffer): Buffer[] {
	const instructions: Buffer[] = []
	for (let at = 0; at < bytes.length; at += insertLimit) {
		const part = bytes.subarray(at, at + insertLimit)
		instructions.push(Buffer.from([part.length]), part)
	}
	return instructions
}
