import { i18n } from "../../i18n/i18n"

/** The protocol accepts http(s) URLs only. */
export function baseUrlProblem(value: string): string | undefined {
	if (value === "") return undefined
	try {
		const url = new URL(value)
		return url.protocol === "http:" || url.protocol === "https:"
			? undefined
			: i18n.t("settings:provider.badUrlScheme")
	} catch {
		return i18n.t("settings:provider.notUrl")
	}
}
