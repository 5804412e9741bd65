/** A full object id as git prints it: 40 hex digits (sha1) or 64 (sha256). */
export function isObjectId(text: string): boolean {
	return /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(text)
}

/** Splits git's -z output into its fields. */
export function nulFields(output: Buffer | string): string[] {
	const text = typeof output === "string" ? output : output.toString("utf8")
	const fields = text.split("\0")
	if (fields.at(-1) === "") fields.pop()
	return fields
}

const escapes: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 }

/**
 * Reads a name git quoted C-style (`"tab\there"`, octal `\303\251` for bytes) from the start of
 * `text`: the name's exact bytes decoded, and where the quoted part ends. Undefined when `text`
 * does not start with a complete quoted name.
 */
export function unquoteAt(text: string): { name: string; end: number } | undefined {
	if (!text.startsWith('"')) return undefined
	const bytes: number[] = []
	for (let i = 1; i < text.length; i++) {
		const char = text[i] ?? ""
		if (char === '"') return { name: Buffer.from(bytes).toString("utf8"), end: i + 1 }
		if (char !== "\\") {
			bytes.push(...Buffer.from(char, "utf8"))
			continue
		}
		const next = text[i + 1] ?? ""
		const octal = /^[0-3][0-7]{2}/.exec(text.slice(i + 1, i + 4))
		if (octal !== null) {
			bytes.push(Number.parseInt(octal[0], 8))
			i += 3
		} else if (next in escapes) {
			bytes.push(escapes[next] ?? 0)
			i += 1
		} else return undefined
	}
	return undefined
}

/** One file's part of a patch, with the path it is about (undefined when it could not be read exactly). */
export interface PatchSection {
	path: string | undefined
	text: string
}

const sectionStart = /^(?=diff --git |diff --cc |diff --combined |\* Unmerged path )/m

/**
 * Splits a patch into its files' sections, reading each section's path exactly from its first
 * line as git wrote it (quoted where the name holds a tab, newline, `"` or `\`). The patch must
 * come from a diff without renames or copies, where both sides of `diff --git` name one path.
 * Text before the first section has no path of its own (`path` is "" there).
 */
export function patchSections(patch: string): PatchSection[] {
	return patch
		.split(sectionStart)
		.filter((text) => text !== "")
		.map((text) => ({ text, path: sectionPath(text) }))
}

function sectionPath(section: string): string | undefined {
	const line = section.split("\n", 1)[0] ?? ""
	for (const prefix of ["diff --cc ", "diff --combined ", "* Unmerged path "])
		if (line.startsWith(prefix)) return nameAt(line.slice(prefix.length), "")
	if (!line.startsWith("diff --git ")) return ""
	const sides = line.slice("diff --git ".length)
	if (sides.startsWith('"')) {
		const before = unquoteAt(sides)
		const after = before && sides.slice(before.end + 1)
		if (before === undefined || after === undefined || sides[before.end] !== " ") return undefined
		const a = before.name.startsWith("a/") ? before.name.slice(2) : undefined
		return a !== undefined && nameAt(after, "b/") === a ? a : undefined
	}
	// Unquoted: "a/<name> b/<name>" with one name twice, so its length says where it splits.
	const length = (sides.length - 5) / 2
	const name = sides.slice(2, 2 + length)
	return Number.isInteger(length) && sides === `a/${name} b/${name}` ? name : undefined
}

/** The whole of `text` as one name, quoted or not, without `prefix`; undefined when it is not that. */
function nameAt(text: string, prefix: string): string | undefined {
	const quoted = unquoteAt(text)
	const name = quoted === undefined ? (text.startsWith('"') ? undefined : text) : quoted.name
	if (quoted !== undefined && quoted.end !== text.length) return undefined
	if (name === undefined || !name.startsWith(prefix)) return undefined
	return name.slice(prefix.length)
}
