import { showView } from "./chatActions"

/**
 * Settings, at the current profile's provider fields (address, key, model): where a failed
 * request is fixed. The page renders on the next frame, so the fields are brought into view then,
 * by their heading: it keeps clear of the search box held at the top, the section's edge does not.
 */
export function openProviderSettings(): void {
	showView("settings")
	requestAnimationFrame(() => {
		document
			.querySelector<HTMLElement>('[data-settings-section="provider"] h2')
			?.scrollIntoView?.({ block: "start" })
	})
}
