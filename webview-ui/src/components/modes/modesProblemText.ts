import { toolGroupNames, type ModeIssueMeaning, type ModesFileProblem } from "@cairn/types"
import type { TFunction } from "i18next"

/**
 * Why a modes file or a mode in it was left out, in the webview's language: the file, the field
 * as the file spells it, and the sentence its kind names. What a parser said stays as it was said.
 */
export function modesProblemText(problem: ModesFileProblem, t: TFunction<"modes">): string {
	const sentence = modesSentence(problem, t)
	return problem.field === undefined
		? t("fileProblem.inFile", { file: problem.file, sentence })
		: t("fileProblem.at", { file: problem.file, field: problem.field, sentence })
}

/** The sentence a problem's kind names, without the file and the field (the Modes form's too). */
export function modesSentence(meaning: ModeIssueMeaning, t: TFunction<"modes">): string {
	const { names = [], ...params } = meaning.params
	return t(`fileProblem.${meaning.kind}`, {
		said: "",
		max: 0,
		value: "",
		group: "",
		slug: "",
		first: 0,
		...params,
		names: names.map((name) => JSON.stringify(name)).join(", "),
		groups: toolGroupNames.join(", "),
	})
}
