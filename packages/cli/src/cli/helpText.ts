import type { Argument, HelpConfiguration, Option } from "commander"
import { t, type CliMessageKey } from "../i18n/cliI18n.js"

const titles: Readonly<Record<string, CliMessageKey>> = {
	"Usage:": "help.usageTitle",
	"Arguments:": "help.argumentsTitle",
	"Options:": "help.optionsTitle",
	"Commands:": "help.commandsTitle",
}

/** A description with its choices and default, as commander adds them, in the person's language. */
function described(description: string, choices: readonly string[] | undefined, value: unknown): string {
	const listed = choices?.map((choice) => JSON.stringify(choice)).join(", ")
	const shown = value === undefined ? undefined : JSON.stringify(value)
	const details =
		listed !== undefined && shown !== undefined
			? t("help.choicesAndDefault", { choices: listed, value: shown })
			: listed !== undefined
				? t("help.choices", { choices: listed })
				: shown !== undefined
					? t("help.default", { value: shown })
					: ""
	return [description, details].filter((part) => part !== "").join(" ")
}

/**
 * Commander's own words in the help (its headings, "choices", "default") from the translations.
 * Defaults show as commander shows them: for options that take a value, not for plain switches.
 */
export const translatedHelp: HelpConfiguration = {
	styleTitle: (title: string) => {
		const key = titles[title]
		return key === undefined ? title : t(key)
	},
	optionDescription: (option: Option) =>
		described(
			option.description,
			option.argChoices,
			option.required || option.optional ? option.defaultValue : undefined,
		),
	argumentDescription: (argument: Argument) =>
		described(argument.description, argument.argChoices, argument.defaultValue),
}
