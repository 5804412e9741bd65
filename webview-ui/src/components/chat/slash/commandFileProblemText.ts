import type { CommandFileProblem } from "@cairn/types"
import type { TFunction } from "i18next"

/**
 * Why a command file was left out of the menu, in the webview's language: the file, and the
 * sentence its kind names. What a parser, a validator or the file reader said stays as said.
 */
export function commandFileProblemText(problem: CommandFileProblem, t: TFunction<"chat">): string {
	const { names = [], ...params } = problem.params
	const sentence = t(`slash.problem.${problem.kind}`, {
		said: "",
		max: 0,
		name: "",
		field: "",
		...params,
		names: names.map((name) => JSON.stringify(name)).join(", "),
	})
	return t("slash.problem.inFile", { file: problem.file, sentence })
}
