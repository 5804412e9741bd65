import YAML from "yaml"

/** A file's YAML front matter as fields, and the text after it. */
export interface YamlFrontMatter {
	fields: Record<string, unknown>
	body: string
}

/**
 * Reads the YAML block between `---` lines at the top of a skill's or a subagent's file.
 * `problem` completes "<file> …" for the person; `missing` is how this kind of file should have
 * opened, said when there is no block at all.
 */
export function readYamlFrontMatter(text: string, missing: string): YamlFrontMatter | { problem: string } {
	const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
	if (lines[0]?.trim() !== "---") return { problem: `has no front matter (${missing})` }
	const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---")
	if (end === -1) return { problem: "has front matter that is never closed with `---`" }
	let fields: unknown
	try {
		const document = YAML.parseDocument(lines.slice(1, end).join("\n"), { uniqueKeys: true })
		if (document.errors.length > 0)
			return {
				problem: `has front matter that is not YAML (${document.errors[0]?.message.split("\n")[0]})`,
			}
		// Aliases are capped: a few lines must not expand into gigabytes.
		fields = document.toJS({ maxAliasCount: 20 })
	} catch (error) {
		return { problem: `has front matter that cannot be used (${(error as Error).message})` }
	}
	if (fields === null || typeof fields !== "object" || Array.isArray(fields))
		return { problem: "has front matter that is not a list of fields" }
	return {
		fields: fields as Record<string, unknown>,
		body: lines
			.slice(end + 1)
			.join("\n")
			.trim(),
	}
}
