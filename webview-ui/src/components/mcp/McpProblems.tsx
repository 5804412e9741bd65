import type { McpConfigProblem } from "@cairn/types"
import { Icon } from "../common/Icon"
import { sourceLabel } from "./sourceLabel"

function where(problem: McpConfigProblem): string {
	const place = [
		problem.server !== undefined && `server "${problem.server}"`,
		problem.field !== undefined && `field ${problem.field}`,
	].filter(Boolean)
	return place.length > 0 ? `${problem.file}, ${place.join(", ")}` : problem.file
}

/** What is wrong in the config files, each naming the file and, where known, the server and field. */
export function McpProblems({ problems }: { problems: readonly McpConfigProblem[] }) {
	if (problems.length === 0) return null
	return (
		<section className="mcp-problems" aria-labelledby="mcp-problems-title">
			<h3 id="mcp-problems-title">
				<Icon name="warning" /> {problems.length === 1 ? "A problem" : `${problems.length} problems`}{" "}
				in the MCP config
			</h3>
			<ul>
				{problems.map((problem, index) => (
					// Problems have no identity of their own; the list is replaced whole on every change.
					<li key={index}>
						<span className="mcp-problem-where">
							{sourceLabel[problem.source]}: {where(problem)}
						</span>
						<div>{problem.message}</div>
					</li>
				))}
			</ul>
		</section>
	)
}
