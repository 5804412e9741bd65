import type { McpProblem } from "@cairn/types"
import type { TFunction } from "i18next"

/**
 * An MCP problem in the webview's language, from its kind. A server's own problem names its field
 * (`naming: "field"`); the problems list shows a config problem's field beside it instead. What a
 * program or the network said stays as it was said.
 */
export function mcpProblemText(problem: McpProblem, t: TFunction<"mcp">, naming?: "field"): string {
	const { field, gaveUpAfter } = problem.params
	const sentence = t(`problem.${problem.kind}`, {
		said: "",
		line: 1,
		column: 1,
		max: 0,
		variable: "",
		command: "",
		cwd: "",
		url: "",
		file: "",
		...problem.params,
		field: field ?? "",
	})
	const named =
		naming === "field" && field !== undefined && problem.kind !== "field_unknown"
			? t("problem.inField", { sentence, field })
			: sentence
	return gaveUpAfter === undefined ? named : `${named} ${t("problem.gaveUp", { attempts: gaveUpAfter })}`
}
