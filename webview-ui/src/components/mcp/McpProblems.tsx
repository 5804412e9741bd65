import type { McpConfigProblem } from "@cairn/types"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { Icon } from "../common/Icon"
import { mcpProblemText } from "./mcpProblemText"

function where(problem: McpConfigProblem, t: TFunction<"mcp">): string {
	const place = [
		problem.server !== undefined && t("problemServer", { server: problem.server }),
		problem.field !== undefined && t("problemField", { field: problem.field }),
	].filter(Boolean)
	return place.length > 0 ? `${problem.file}, ${place.join(", ")}` : problem.file
}

/** What is wrong in the config files, each naming the file and, where known, the server and field. */
export function McpProblems({ problems }: { problems: readonly McpConfigProblem[] }) {
	const { t } = useTranslation("mcp")
	if (problems.length === 0) return null
	return (
		<section className="mcp-problems" aria-labelledby="mcp-problems-title">
			<h3 id="mcp-problems-title">
				<Icon name="warning" /> {t("problems", { count: problems.length })}
			</h3>
			<ul>
				{problems.map((problem, index) => (
					// Problems have no identity of their own; the list is replaced whole on every change.
					<li key={index}>
						<span className="mcp-problem-where">
							{t("problemWhere", {
								source: t(`source.${problem.source}`),
								where: where(problem, t),
							})}
						</span>
						<div>{mcpProblemText(problem.problem, t)}</div>
					</li>
				))}
			</ul>
		</section>
	)
}
