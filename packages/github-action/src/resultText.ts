import type { CairnExit } from "./cairnProcess.js"

/** Dollars as a comment shows them: four decimals below a cent, else two. */
export function dollars(cost: number): string {
	return `$${cost.toFixed(cost > 0 && cost < 0.01 ? 4 : 2)}`
}

/** How the run ended, for the comment: what Cairn said, its cost, and where the work is. */
export function resultComment(
	exit: CairnExit,
	landed: { pullRequestUrl?: string; branch?: string; changed: boolean },
	runUrl: string,
): string {
	const result = exit.result
	const heading =
		result === undefined
			? "**Cairn stopped without a result.**"
			: result.success
				? "**Cairn finished.**"
				: `**Cairn did not finish** (${result.reason}).`
	const said = result?.result.trim() || exit.stderrTail.split("\n").slice(-5).join("\n")
	const work = !landed.changed
		? "It changed no files."
		: landed.pullRequestUrl !== undefined
			? `The changes: ${landed.pullRequestUrl}`
			: `The changes are on the branch \`${landed.branch}\`.`
	const cost = result === undefined ? "unknown" : dollars(result.cost)
	return [heading, "", quoted(said), "", work, "", `Cost: ${cost} · [the run](${runUrl})`].join("\n")
}

const quoted = (text: string) =>
	text === ""
		? "> (nothing said)"
		: text
				.split("\n")
				.map((line) => `> ${line}`)
				.join("\n")
