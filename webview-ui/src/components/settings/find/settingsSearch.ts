/** A section of the settings page as its jump list shows it. */
export interface SettingsSectionLink {
	/** The id of the section's heading: the link's target. */
	id: string
	title: string
}

// Every setting is one of these; what it says (label, description, choices) is what a search reads.
const settingSelector = ".field, .checkbox-field"
const hiddenMark = "data-search-hidden"

function wordsOf(query: string): string[] {
	return query.toLocaleLowerCase().split(/\s+/).filter(Boolean)
}

function says(element: Element, words: readonly string[]): boolean {
	const text = (element.textContent ?? "").toLocaleLowerCase()
	return words.every((word) => text.includes(word))
}

function show(element: Element, shown: boolean): void {
	if (shown) element.removeAttribute(hiddenMark)
	else element.setAttribute(hiddenMark, "")
}

/**
 * Shows the settings under `root` whose words (as the page shows them, so in the person's
 * language) contain every word of `query`, with their sections; a section whose title matches
 * shows whole. It reads the page rather than a list of settings, so a setting added to any
 * section is found without being registered anywhere. Returns the sections left, in page order.
 */
export function searchSettings(root: HTMLElement, query: string): SettingsSectionLink[] {
	const words = wordsOf(query)
	const left: SettingsSectionLink[] = []
	for (const section of root.querySelectorAll(".settings-section")) {
		const heading = section.querySelector("h2")
		const whole = words.length === 0 || (heading !== null && says(heading, words))
		const settings = [...section.querySelectorAll(settingSelector)]
		const found = settings.filter((setting) => whole || says(setting, words))
		// A setting inside a found one (a nested option) shows with it, and the one around a found one too.
		for (const setting of settings)
			show(
				setting,
				found.some((hit) => hit === setting || hit.contains(setting) || setting.contains(hit)),
			)
		let any = false
		for (const child of section.children) {
			if (child === heading) continue
			const inner = child.matches(settingSelector)
				? [child]
				: [...child.querySelectorAll(settingSelector)]
			const shown =
				whole ||
				(inner.length > 0
					? inner.some((setting) => !setting.hasAttribute(hiddenMark))
					: says(child, words))
			show(child, shown)
			any ||= shown
		}
		show(section, whole || any)
		if ((whole || any) && heading !== null && heading.id !== "")
			left.push({ id: heading.id, title: heading.textContent ?? "" })
	}
	return left
}
