import type { ClineSayHook } from "@cairn/types"

/** A hook row in one terminal line, and how loud it should be. */
export function hookLine(row: ClineSayHook): { tone: "dim" | "yellow"; text: string } {
	switch (row.kind) {
		case "context":
			return row.intentId !== undefined
				? {
						tone: "dim",
						text: `◎ Working on intent ${row.intentId}${row.intentName ? `: ${row.intentName}` : ""}`,
					}
				: { tone: "dim", text: `◎ ${row.hook} added context for ${row.toolName}` }
		case "blocked":
			return { tone: "yellow", text: `⊘ ${row.hook} blocked ${row.toolName}: ${row.reason}` }
		case "failed":
			return { tone: "yellow", text: `⚠ Hook ${row.hook} failed: ${row.error}` }
		case "notRun":
			return { tone: "yellow", text: `⊘ ${row.hook} was not run: ${row.reason}` }
		case "intentEnded":
			return { tone: "dim", text: `◎ Intent ${row.intentId} is no longer active: ${row.reason}` }
	}
}
