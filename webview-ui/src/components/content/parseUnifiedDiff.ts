export type DiffLineKind = "add" | "remove" | "context" | "hunk" | "note"

export interface DiffLine {
	kind: DiffLineKind
	text: string
	oldNumber?: number
	newNumber?: number
}

const hunkHeader = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/

/**
 * Reads a unified diff into lines with their old and new line numbers. File headers (---/+++,
 * "diff --git", "index") are dropped: the row shows the path itself.
 */
export function parseUnifiedDiff(diff: string): DiffLine[] {
	const lines: DiffLine[] = []
	let oldNumber = 0
	let newNumber = 0
	for (const raw of diff.split("\n")) {
		const hunk = hunkHeader.exec(raw)
		if (hunk !== null) {
			oldNumber = Number(hunk[1])
			newNumber = Number(hunk[2])
			lines.push({ kind: "hunk", text: raw })
		} else if (/^(---|\+\+\+|diff |index )/.test(raw)) {
			continue
		} else if (raw.startsWith("+")) {
			lines.push({ kind: "add", text: raw.slice(1), newNumber: newNumber++ })
		} else if (raw.startsWith("-")) {
			lines.push({ kind: "remove", text: raw.slice(1), oldNumber: oldNumber++ })
		} else if (raw.startsWith("\\")) {
			lines.push({ kind: "note", text: raw })
		} else if (raw !== "" || lines.length > 0) {
			lines.push({
				kind: "context",
				text: raw.startsWith(" ") ? raw.slice(1) : raw,
				oldNumber: oldNumber++,
				newNumber: newNumber++,
			})
		}
	}
	// A diff ends with a newline, which is not a line of context.
	while (lines.at(-1)?.kind === "context" && lines.at(-1)?.text === "") lines.pop()
	return lines
}

export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
	let added = 0
	let removed = 0
	for (const line of lines) {
		if (line.kind === "add") added++
		else if (line.kind === "remove") removed++
	}
	return { added, removed }
}
