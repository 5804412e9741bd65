import { useCallback } from "react"
import { create } from "zustand"

/**
 * Expanded/collapsed state of parts of message rows, by "ts:part". It lives outside the rows
 * because the virtual list unmounts rows scrolled out of view; a row that comes back should
 * look as the person left it. Each row subscribes to its own key only.
 */
const useRowUi = create<{ expanded: Readonly<Record<string, boolean>> }>()(() => ({ expanded: {} }))

export function useExpanded(key: string, initial: boolean): [boolean, () => void] {
	const stored = useRowUi((s) => s.expanded[key])
	const expanded = stored ?? initial
	const toggle = useCallback(() => {
		useRowUi.setState((s) => ({ expanded: { ...s.expanded, [key]: !(s.expanded[key] ?? initial) } }))
	}, [key, initial])
	return [expanded, toggle]
}

/** Forgets every row's state (a different task is shown). */
export function resetRowUi(): void {
	useRowUi.setState({ expanded: {} })
}
