import { languageNameForModel } from "@cairn/types"

/**
 * The system prompt's LANGUAGE section: which language to speak to the person in, when it is not
 * English (the rest of the prompt is English, and models answer in it unless told otherwise).
 * Rules and instructions come after it in the prompt, so a rule asking for another language wins.
 */
export function languageSection(tag: string): string | undefined {
	if (primaryLanguage(tag) === "en") return undefined
	return [
		`Speak to the user in ${languageNameForModel(tag)}: your messages, questions and completion results, whatever language the code or files are in, unless the rules or the user's instructions below ask for another language or the user writes in another language.`,
		"Code, identifiers, file paths, commands and tool arguments stay exactly as they must be; do not translate them.",
	].join("\n")
}

/** By tag: parsing a tag with Intl.Locale at every request cost more than the rest of the section. */
const primaryLanguages = new Map<string, string>()

function primaryLanguage(tag: string): string {
	let language = primaryLanguages.get(tag)
	if (language === undefined) {
		try {
			language = new Intl.Locale(tag).language
		} catch {
			language = "en"
		}
		primaryLanguages.set(tag, language)
	}
	return language
}
