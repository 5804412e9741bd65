import { minimatch } from "minimatch"

/** What a rule file's front matter says about when it applies (Cursor `.mdc`, Copilot `.instructions.md`). */
export interface RuleFrontMatter {
	alwaysApply: boolean
	/** Globs over workspace-relative paths; empty when the file names none. */
	globs: string[]
	description?: string
	/** The text after the front matter. */
	body: string
}

/**
 * Reads the `---` block at the top of a rule file as flat `key: value` lines. Not YAML: the
 * tools' own files commonly hold values YAML refuses (Cursor's `globs: *.ts,src/**` opens with an
 * alias marker), and the tools read them. A list is comma-separated or in `[...]`; quotes around a
 * value or an item are dropped. A file without the block is all body and names no globs.
 */
export function parseRuleFrontMatter(text: string, globsKey: "globs" | "applyTo"): RuleFrontMatter {
	const lines = text.split(/\r?\n/)
	const end = lines[0]?.trim() === "---" ? lines.findIndex((line, i) => i > 0 && line.trim() === "---") : -1
	if (end === -1) return { alwaysApply: false, globs: [], body: text }
	const fields = new Map<string, string>()
	for (const line of lines.slice(1, end)) {
		const colon = line.indexOf(":")
		if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
	}
	const description = unquote(fields.get("description") ?? "")
	return {
		alwaysApply: unquote(fields.get("alwaysApply") ?? "").toLowerCase() === "true",
		globs: listOf(fields.get(globsKey) ?? ""),
		...(description !== "" && { description }),
		body: lines.slice(end + 1).join("\n"),
	}
}

function unquote(value: string): string {
	const trimmed = value.trim()
	return /^(["']).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed
}

function listOf(value: string): string[] {
	const inner = unquote(value).replace(/^\[(.*)\]$/, "$1")
	// A comma inside braces belongs to the glob (`*.{ts,tsx}`), not the list.
	const items = [""]
	let depth = 0
	for (const char of inner) {
		if (char === "," && depth === 0) items.push("")
		else items[items.length - 1] += char
		if (char === "{") depth++
		if (char === "}" && depth > 0) depth--
	}
	return items.map(unquote).filter((item) => item !== "")
}

/**
 * The repository wrote the globs: a longer one, or extglobs (`+(…)`, `*(…)`, which can nest into
 * patterns that take exponential time), name no file.
 */
const maxGlobLength = 200

/**
 * Whether a glob names one of the files (workspace-relative, "/"-separated). A glob without a
 * "/" names a file by its name in any folder (`*.ts`), as the tools' documentation shows it used.
 */
export function globsMatchAny(globs: readonly string[], files: readonly string[]): boolean {
	return globs.some(
		(glob) =>
			glob.length <= maxGlobLength &&
			files.some((file) =>
				minimatch(file, glob, { dot: true, noext: true, matchBase: !glob.includes("/") }),
			),
	)
}
