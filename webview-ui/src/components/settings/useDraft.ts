import { useEffect, useState } from "react"

/**
 * A text input's value while the person edits it. It follows the stored value whenever that
 * changes (the host confirmed or another view changed it) and is committed on blur or Enter,
 * so typing a URL does not send a settings change per keystroke.
 */
export function useDraft(stored: string): [string, (value: string) => void] {
	const [draft, setDraft] = useState(stored)
	useEffect(() => setDraft(stored), [stored])
	return [draft, setDraft]
}
