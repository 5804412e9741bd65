import { useLayoutEffect, useState, type RefObject } from "react"
import { searchSettings, type SettingsSectionLink } from "./settingsSearch"

const sameLinks = (a: readonly SettingsSectionLink[], b: readonly SettingsSectionLink[]) =>
	a.length === b.length && a.every((link, i) => link.id === b[i]?.id && link.title === b[i]?.title)

/**
 * Applies the search to the page under `body` (sections, not the search box itself) before it is painted, and again whenever the page
 * changes under it (a section that loads later, another provider's fields, another language);
 * returns the sections left for the jump links.
 */
export function useSettingsSearch(
	body: RefObject<HTMLElement | null>,
	query: string,
): readonly SettingsSectionLink[] {
	const [sections, setSections] = useState<readonly SettingsSectionLink[]>([])
	useLayoutEffect(() => {
		const root = body.current
		if (root === null) return
		const apply = () => {
			const left = searchSettings(root, query)
			setSections((before) => (sameLinks(before, left) ? before : left))
		}
		apply()
		// Only what is added, removed or retyped: the search's own marks (attributes) do not re-run it.
		const observer = new MutationObserver(apply)
		observer.observe(root, { childList: true, subtree: true, characterData: true })
		return () => observer.disconnect()
	}, [body, query])
	return sections
}
