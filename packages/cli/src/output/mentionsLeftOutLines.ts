import { parseMentions, type Mention } from "@cairn/types"
import { t } from "../i18n/cliI18n.js"

/** What a mention names; a text that parses as none is read as a path, as the host read it. */
const kindOf = (mention: string): Mention["kind"] => parseMentions(mention)[0]?.kind ?? "file"

/**
 * The mentions of a person's message whose content the model did not get, as the terminal says
 * them: a heading, then each mention as typed with why, by its kind (the model was told too).
 */
export function mentionsLeftOutLines(mentions: readonly string[]): string[] {
	if (mentions.length === 0) return []
	return [
		`⚠ ${t("mentionsLeftOut.title")}`,
		...mentions.map((mention) => `  ${mention}: ${t(`mentionsLeftOut.${kindOf(mention)}`)}`),
	]
}
