import { t } from "../i18n/cliI18n.js"

/**
 * Commander's parse errors in the person's language. Commander builds them in English with no
 * hook for its wording, so each is recognised by its (stable, tested) shape and its values are
 * put into our own message; an error of any other shape stays as commander wrote it.
 */
const messages: readonly ((message: string) => string | undefined)[] = [
	(message) => {
		const match = /^unknown (option|command) '(.+?)'(?: \(Did you mean (one of )?(.+)\?\))?$/.exec(
			message,
		)
		if (match === null) return undefined
		const [, kind, name = "", many, suggestion] = match
		if (kind === "option") {
			if (suggestion === undefined) return t("usage.unknownOption", { option: name })
			return many
				? t("usage.unknownOptionSuggestMany", { option: name, suggestions: suggestion })
				: t("usage.unknownOptionSuggest", { option: name, suggestion })
		}
		if (suggestion === undefined) return t("usage.unknownCommand", { command: name })
		return many
			? t("usage.unknownCommandSuggestMany", { command: name, suggestions: suggestion })
			: t("usage.unknownCommandSuggest", { command: name, suggestion })
	},
	(message) => {
		const match = /^missing required argument '(.+)'$/.exec(message)
		return match ? t("usage.missingArgument", { argument: match[1] }) : undefined
	},
	(message) => {
		const match = /^option '(.+)' argument missing$/.exec(message)
		return match ? t("usage.optionMissingArgument", { option: match[1] }) : undefined
	},
	(message) => {
		const match = /^option '(.+)' argument '(.*)' is invalid\. Allowed choices are (.+)\.$/.exec(message)
		if (match === null) return undefined
		return t("usage.invalidOptionChoice", { option: match[1], value: match[2], choices: match[3] })
	},
	(message) => {
		const match =
			/^command-argument value '(.*)' is invalid for argument '(.+)'\. Allowed choices are (.+)\.$/.exec(
				message,
			)
		if (match === null) return undefined
		return t("usage.invalidArgumentChoice", { value: match[1], argument: match[2], choices: match[3] })
	},
	(message) => {
		const match = /^too many arguments(?: for '(.+)')?\. Expected (\d+) arguments? but got (\d+)\.$/.exec(
			message,
		)
		if (match === null) return undefined
		const [, command, count, received] = match
		const values = { count: Number(count), received: Number(received) }
		return command === undefined
			? t("usage.tooManyArguments", values)
			: t("usage.tooManyArgumentsFor", { ...values, command })
	},
]

/** A commander error message (its "error: " prefix and line breaks already gone) in the person's language. */
export function translatedCommanderError(message: string): string {
	for (const translate of messages) {
		const text = translate(message)
		if (text) return text
	}
	return message
}
