/**
 * Checks a translation against its English source, for the tests of each set of translations
 * (the extension's package.nls and l10n bundles, the CLI's resources): the same keys, and in each
 * message the same placeholders and the same `code` spans, which must reach the person unchanged.
 */

/** Matches a message's placeholders: `{0}`/`{name}` (VS Code) or `{{name}}` (i18next). */
export type PlaceholderPattern = RegExp

export const vscodePlaceholders: PlaceholderPattern = /\{[^{}]+\}/g
export const i18nextPlaceholders: PlaceholderPattern = /\{\{[^{}]+\}\}/g
const codeSpans = /`[^`]+`/g

type Messages = Readonly<Record<string, unknown>>

const pluralSuffix = /_(zero|one|two|few|many|other)$/

/**
 * Every difference between a translation and English, one line each; empty when they agree.
 * With `pluralsOf` (i18next resources), a plural message (`key_one`, `key_other`) must have
 * exactly the forms that language's plural rules have (`_few` and `_many` in Russian, only
 * `_other` in Japanese), each with the placeholders of English's `_other`.
 */
export function translationProblems(
	english: Messages,
	translated: Messages,
	placeholders: PlaceholderPattern,
	pluralsOf?: string,
): string[] {
	const expected = pluralsOf === undefined ? { ...english } : withPluralForms(english, pluralsOf)
	const problems: string[] = []
	for (const key of Object.keys(expected)) if (!(key in translated)) problems.push(`missing key: ${key}`)
	for (const [key, value] of Object.entries(translated)) {
		if (!(key in expected)) {
			problems.push(`extra key: ${key}`)
			continue
		}
		if (typeof value !== "string" || value.trim() === "") {
			problems.push(`empty or not text: ${key}`)
			continue
		}
		const source = String(expected[key])
		for (const [what, pattern] of [
			["placeholders", placeholders],
			["code spans", codeSpans],
		] as const) {
			const expected = tokens(source, pattern)
			const actual = tokens(value, pattern)
			if (expected !== actual) problems.push(`${what} of ${key}: ${actual} instead of ${expected}`)
		}
	}
	return problems
}

/** English's keys, with each plural message's forms replaced by the language's forms (English's `_other` text). */
function withPluralForms(english: Messages, language: string): Record<string, unknown> {
	const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories
	const result: Record<string, unknown> = {}
	for (const [key, value] of Object.entries(english)) {
		if (!pluralSuffix.test(key)) {
			result[key] = value
			continue
		}
		const base = key.replace(pluralSuffix, "")
		for (const form of forms) result[`${base}_${form}`] = english[`${base}_other`]
	}
	return result
}

/** The pattern's matches, sorted: a translation may reorder them, never drop, add or rename one. */
function tokens(text: string, pattern: PlaceholderPattern): string {
	return JSON.stringify([...text.matchAll(pattern)].map((match) => match[0]).sort())
}
