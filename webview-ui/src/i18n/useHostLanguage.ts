import { useEffect } from "react"
import { useWebviewStore } from "../state/store"
import { showLanguage } from "./showLanguage"

/** Follows the language the host resolves (the `language` setting changing while the view is open). */
export function useHostLanguage(): void {
	const language = useWebviewStore((s) => s.language)
	useEffect(() => {
		if (language === undefined) return
		showLanguage(language).catch((error: unknown) =>
			console.error(`Cairn could not switch to ${language}:`, error),
		)
	}, [language])
}
