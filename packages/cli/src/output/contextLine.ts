import type { ContextCondense } from "@cairn/types"
import { t } from "../i18n/cliI18n.js"
import { formatCost, formatTokens } from "./format.js"
import { clipLines } from "./toolSummary.js"

/** Enough of a summary to see what the model will work from; the whole text is in stream-json. */
const summaryLines = 6
/** Summaries are often one long paragraph, which a line limit alone would not shorten. */
const summaryChars = 600

function clip(text: string): string {
	const lines = clipLines(text.trim(), summaryLines)
	return lines.length <= summaryChars ? lines : `${lines.slice(0, summaryChars).trimEnd()}…`
}

export type ContextChange =
	| { kind: "condensed"; condense: ContextCondense }
	| { kind: "failed"; error: string }
	| { kind: "truncated"; text?: string }
	| { kind: "condensing" }

/**
 * A context-management row for the terminal: a headline, an optional body (the summary, clipped)
 * and how loud it should be. Shared by the plain renderer and the TUI so both say the same.
 */
export function contextLine(change: ContextChange): { tone: "dim" | "yellow"; text: string; body?: string } {
	switch (change.kind) {
		case "condensing":
			return { tone: "dim", text: `⇊ ${t("context.condensing")}` }
		case "condensed": {
			const { prevContextTokens, newContextTokens, cost, summary } = change.condense
			const body = clip(summary)
			return {
				tone: "dim",
				text: `⇊ ${t("context.condensed", { before: formatTokens(prevContextTokens), after: formatTokens(newContextTokens), cost: formatCost(cost) })}`,
				...(body !== "" && { body }),
			}
		}
		case "failed": {
			const error = change.error.trim()
			return {
				tone: "yellow",
				text: `! ${error === "" ? t("context.failed") : t("context.failedWith", { error })}`,
			}
		}
		case "truncated":
			return {
				tone: "yellow",
				text: `⇊ ${t("context.truncated")}`,
				...(change.text !== undefined && change.text.trim() !== "" && { body: change.text.trim() }),
			}
	}
}
