import { clineSayHookSchema, type ClineSayHook } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { CodeBlock } from "../content/CodeBlock"
import { ExpandableText } from "./ExpandableText"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { ToolSection } from "./tool/ToolSection"

function header(row: ClineSayHook): { icon: string; tone: "default" | "warning" | "muted"; title: string } {
	switch (row.kind) {
		case "context":
			return row.intentId !== undefined
				? {
						icon: "target",
						tone: "default",
						title: `Working on intent ${row.intentId}${row.intentName ? `: ${row.intentName}` : ""}`,
					}
				: { icon: "info", tone: "muted", title: `Context added by hook ${row.hook}` }
		case "blocked":
			return { icon: "circle-slash", tone: "warning", title: `${row.hook} blocked ${row.toolName}` }
		case "failed":
			return { icon: "warning", tone: "warning", title: `Hook ${row.hook} failed` }
		case "notRun":
			return {
				icon: "shield",
				tone: "warning",
				title: `This workspace's hooks (${row.hook}) were not run`,
			}
		case "intentEnded":
			return { icon: "pass", tone: "muted", title: `Intent ${row.intentId} is no longer active` }
	}
}

function Body({ row, ts }: { row: ClineSayHook; ts: number }) {
	switch (row.kind) {
		case "context":
			return (
				<ToolSection stateKey={`${ts}:context`} label="injected context" initiallyExpanded={false}>
					<CodeBlock code={row.context} language={row.intentId !== undefined ? "xml" : "text"} />
				</ToolSection>
			)
		case "blocked":
			return (
				<div className="row-detail">
					{row.path !== undefined && (
						<>
							<code>{row.path}</code>:{" "}
						</>
					)}
					{row.reason}
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
	const parsed = usePayload(clineSayHookSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const row = parsed.data
	const { icon, tone, title } = header(row)
	return (
		<div className={`hook-row hook-${row.kind}`}>
			<RowHeader icon={icon} tone={tone} title={title} />
			<Body row={row} ts={message.ts} />
		</div>
	)
}
