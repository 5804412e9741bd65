import type { ClineSayHook } from "@cairn/types"
import { t } from "../i18n/cliI18n.js"

/** A hook row in one terminal line, and how loud it should be. */
export function hookLine(row: ClineSayHook): { tone: "dim" | "yellow"; text: string } {
	switch (row.kind) {
		case "context":
			return row.intentId !== undefined
				? {
						tone: "dim",
						text: `◎ ${
							row.intentName
								? t("hooks.intentNamed", { id: row.intentId, name: row.intentName })
								: t("hooks.intent", { id: row.intentId })
						}`,
					}
				: {
						tone: "dim",
						text: `◎ ${t("hooks.addedContext", { hook: row.hook, tool: row.toolName })}`,
					}
		case "blocked":
			return {
				tone: "yellow",
				text: `⊘ ${t("hooks.blocked", { hook: row.hook, tool: row.toolName, reason: row.reason })}`,
			}
		case "failed":
			return { tone: "yellow", text: `⚠ ${t("hooks.failed", { hook: row.hook, error: row.error })}` }
		case "notRun":
			return { tone: "yellow", text: `⊘ ${t("hooks.notRun", { hook: row.hook, reason: row.reason })}` }
		case "intentEnded":
			return {
				tone: "dim",
				text: `◎ ${t("hooks.intentEnded", { id: row.intentId, reason: row.reason })}`,
			}
	}
}
