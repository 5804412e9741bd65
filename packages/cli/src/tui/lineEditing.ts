import type { Key } from "ink"

/** What a key does to a one-line input: the new value, and whether Enter submitted it. */
export interface LineEdit {
	value: string
	submitted: boolean
}

/**
 * Plain line editing: printable text is appended (a paste arrives as one string), Backspace
 * (which many terminals send as Delete) removes the last character, Enter submits. Keys with
 * other meanings (arrows, Esc, Ctrl combinations, Tab) leave the value alone.
 */
export function editLine(value: string, input: string, key: Key): LineEdit {
	if (key.return) return { value, submitted: true }
	if (key.backspace || key.delete) return { value: value.slice(0, -1), submitted: false }
	if (
		key.ctrl ||
		key.meta ||
		key.escape ||
		key.tab ||
		key.upArrow ||
		key.downArrow ||
		key.leftArrow ||
		key.rightArrow
	)
		return { value, submitted: false }
	// Newlines in a paste would submit half a message; keep them as spaces.
	const text = [...input.replace(/\r?\n/g, " ")].filter((char) => char >= " " && char !== "\u007f").join("")
	return { value: value + text, submitted: false }
}
