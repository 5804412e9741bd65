import stringWidth from "string-width"

/** `text` padded to `width` terminal columns: a CJK character takes two, so length alone misaligns. */
export function padCell(text: string, width: number): string {
	return text + " ".repeat(Math.max(0, width - stringWidth(text)))
}

/** Rows as aligned columns two spaces apart; a column empty in every row is left out, the last is not padded. */
export function formatColumns(rows: readonly (readonly string[])[]): string[] {
	const columns = Math.max(0, ...rows.map((row) => row.length))
	const widths = Array.from({ length: columns }, (_, i) =>
		Math.max(0, ...rows.map((row) => stringWidth(row[i] ?? ""))),
	)
	const widthsKept = widths.filter((width) => width > 0)
	return rows.map((row) =>
		row
			.filter((_, i) => (widths[i] ?? 0) > 0)
			.map((cell, i, kept) => (i === kept.length - 1 ? cell : padCell(cell, widthsKept[i] ?? 0)))
			.join("  ")
			.trimEnd(),
	)
}
