import i18next from "i18next"
import { initReactI18next } from "react-i18next"
import english from "./locales/en/index"

/** The parts of the UI, each with its own file of text per language (locales/<language>/<part>.json). */
export type Namespace = keyof typeof english
export const namespaces = Object.keys(english) as Namespace[]

/**
 * The webview's i18next instance, with English bundled (the text shown while another language
 * loads, and for any key a translation lacks). Components read it through react-i18next's hooks.
 */
export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
	lng: "en",
	fallbackLng: "en",
	ns: namespaces,
	defaultNS: "common",
	resources: { en: english },
	// Resources are in memory: init and language changes finish before they return.
	initAsync: false,
	// React escapes what it renders; escaping here too would show "&amp;" to the person.
	interpolation: { escapeValue: false },
})

export { english }
