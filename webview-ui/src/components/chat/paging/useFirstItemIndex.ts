import type { ClineMessage } from "@cairn/types"
import { useMemo, useRef } from "react"

/** Far from 0, so pages can be prepended many times over (react-virtuoso wants it non-negative). */
export const firstItemBase = 1_000_000_000

/**
 * react-virtuoso's `firstItemIndex` for `rows`: it goes down by the rows prepended and up by the
 * rows dropped from the top, so the list keeps the rows on screen where they are. Rows are
 * matched by ts; a window with nothing in common with the last one starts afresh.
 */
export function nextFirstItemIndex(
	previous: { rows: readonly ClineMessage[]; index: number } | undefined,
	rows: readonly ClineMessage[],
): number {
	if (previous === undefined) return firstItemBase
	const oldFirst = previous.rows[0]
	const at = oldFirst === undefined ? -1 : rows.findIndex((row) => row.ts === oldFirst.ts)
	if (at >= 0) return previous.index - at
	const newFirst = rows[0]
	const dropped = newFirst === undefined ? -1 : previous.rows.findIndex((row) => row.ts === newFirst.ts)
	return dropped >= 0 ? previous.index + dropped : firstItemBase
}

export function useFirstItemIndex(rows: readonly ClineMessage[]): number {
	const last = useRef<{ rows: readonly ClineMessage[]; index: number } | undefined>(undefined)
	return useMemo(() => {
		const index = nextFirstItemIndex(last.current, rows)
		last.current = { rows, index }
		return index
	}, [rows])
}
