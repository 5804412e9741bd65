// What the real-editor language suite knows of the webview's translations: read from the same
// locale files the webview bundles, so the suite follows the translations instead of repeating them.
import { readFileSync } from "node:fs"
import path from "node:path"
import { repoRoot } from "./paths.mjs"

const localesDir = path.join(repoRoot, "webview-ui/src/i18n/locales")

function flat(messages, prefix = "") {
	return Object.entries(messages).flatMap(([key, value]) =>
		value !== null && typeof value === "object"
			? flat(value, `${prefix}${key}.`)
			: [[`${prefix}${key}`, String(value)]],
	)
}

/** A namespace's messages in `language`, by full key ("section.name"). */
export function messages(language, namespace) {
	const file = path.join(localesDir, language, `${namespace}.json`)
	return Object.fromEntries(flat(JSON.parse(readFileSync(file, "utf8"))))
}

/** One message of `namespace` in `language`; throws for a key the translation lacks. */
export function message(language, namespace, key) {
	const text = messages(language, namespace)[key]
	if (text === undefined) throw new Error(`${language}/${namespace}.json has no ${key}`)
	return text
}

/**
 * English messages of `namespaces` that `language` words differently, without placeholders
 * (a text shown whole): if the page shows one of them, that text was not translated.
 */
export function untranslatedIn(language, namespaces) {
	const english = new Map()
	// German's "Profile" (profiles) is English's "Profile" (one profile): a text the language
	// itself uses somewhere is no sign of an untranslated one.
	const own = new Set(namespaces.flatMap((namespace) => Object.values(messages(language, namespace))))
	for (const namespace of namespaces) {
		const translated = messages(language, namespace)
		for (const [key, text] of Object.entries(messages("en", namespace))) {
			if (text.includes("{{") || text.includes("<")) continue
			const wording = translated[key] ?? translated[key.replace(/_(one|other)$/, "_other")]
			if (wording !== undefined && wording !== text && !own.has(text))
				english.set(text, `${namespace}:${key}`)
		}
	}
	return english
}
