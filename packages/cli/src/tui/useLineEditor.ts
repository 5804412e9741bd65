import type { Key } from "ink"
import { useRef, useState } from "react"
import { editLine, type LineEdit } from "./lineEditing.js"

/**
 * A one-line input's value. It lives in a ref as well as in state: keys typed faster than React
 * re-renders must each see the value the previous key left, or characters would be lost.
 */
export function useLineEditor(): {
	value: string
	current(): string
	edit(input: string, key: Key): LineEdit
	clear(): void
} {
	const ref = useRef("")
	const [value, setValue] = useState("")
	const set = (next: string) => {
		ref.current = next
		setValue(next)
	}
	return {
		value,
		current: () => ref.current,
		edit(input, key) {
			const result = editLine(ref.current, input, key)
			if (!result.submitted) set(result.value)
			return result
		},
		clear: () => set(""),
	}
}
