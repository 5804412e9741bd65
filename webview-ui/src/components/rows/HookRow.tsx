import { Trans, useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { clineSayHookSchema, type ClineSayHook } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { CodeBlock } from "../content/CodeBlock"
import { ExpandableText } from "./ExpandableText"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { ToolSection } from "./tool/ToolSection"

function header(
	row: ClineSayHook,
	t: TFunction<"rows">,
): { icon: string; tone: "default" | "warning" | "muted"; title: string } {
	switch (row.kind) {
		case "context":
			return row.intentId !== undefined
				? {
						icon: "target",
						tone: "default",
						title: row.intentName
							? t("hook.namedIntent", { intent: row.intentId, name: row.intentName })
							: t("hook.intent", { intent: row.intentId }),
					}
				: { icon: "info", tone: "muted", title: t("hook.context", { hook: row.hook }) }
		case "blocked":
			return {
				icon: "circle-slash",
				tone: "warning",
				title: t("hook.blocked", { hook: row.hook, toolName: row.toolName }),
			}
		case "failed":
			return { icon: "warning", tone: "warning", title: t("hook.failed", { hook: row.hook }) }
		case "notRun":
			return {
				icon: "shield",
				tone: "warning",
				title: t("hook.notRun", { hook: row.hook }),
			}
		case "intentEnded":
			return { icon: "pass", tone: "muted", title: t("hook.intentEnded", { intent: row.intentId }) }
	}
}

function Body({ row, ts }: { row: ClineSayHook; ts: number }) {
	const { t } = useTranslation("rows")
	switch (row.kind) {
		case "context":
			return (
				<ToolSection stateKey={`${ts}:context`} section="context" initiallyExpanded={false}>
					<CodeBlock code={row.context} language={row.intentId !== undefined ? "xml" : "text"} />
				</ToolSection>
			)
		case "blocked":
			return (
				<div className="row-detail">
					{row.path !== undefined ? (
						<Trans
							t={t}
							i18nKey="hook.blockedPath"
							values={{ path: row.path, reason: row.reason }}
							components={{ code: <code /> }}
						/>
					) : (
						row.reason
					)}
				</div>
			)
		case "failed":
			return <ExpandableText stateKey={`${ts}:error`} text={row.error} />
		case "notRun":
		case "intentEnded":
			return <div className="row-detail">{row.reason}</div>
	}
}

/**
 * What a tool hook did around a call (seed 004): context it gave the model (an intent's, when
 * one was selected), a call it blocked, a hook that failed, workspace hooks left out for want of
 * the person's consent, an intent that ended.
 */
export function HookRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(clineSayHookSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const row = parsed.data
	const { icon, tone, title } = header(row, t)
	return (
		<div className={`hook-row hook-${row.kind}`}>
			<RowHeader icon={icon} tone={tone} title={title} />
			<Body row={row} ts={message.ts} />
		</div>
	)
}
