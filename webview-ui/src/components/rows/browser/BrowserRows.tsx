import {
	browserActionResultSchema,
	clineSayBrowserActionSchema,
	type ClineSayBrowserAction,
} from "@cairn/types"
import { ExpandableText } from "../ExpandableText"
import { GenericRow } from "../GenericRow"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"
import "./browser.css"

function parsed<T>(
	schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
	text: string | undefined,
): T | undefined {
	try {
		const result = schema.safeParse(JSON.parse(text ?? ""))
		return result.success ? result.data : undefined
	} catch {
		return undefined
	}
}

function describeAction(action: ClineSayBrowserAction): string {
	switch (action.action) {
		case "launch":
			return `Opened ${action.text ?? "the browser"}`
		case "click":
			return `Click at ${action.coordinate ?? "?"}`
		case "hover":
			return `Hover at ${action.coordinate ?? "?"}`
		case "type":
			return `Type "${action.text ?? ""}"`
		case "scroll_down":
			return "Scroll down"
		case "scroll_up":
			return "Scroll up"
		case "close":
			return "Close the browser"
	}
}

/** The `browser_action_launch` ask: the URL the agent wants to open. */
export function BrowserLaunchRow({ message }: RowProps) {
	return (
		<div className="browser-row">
			<RowHeader icon="globe" title="Cairn wants to open a browser at" />
			<code className="browser-url">{message.text}</code>
		</div>
	)
}

/** A `browser_action` say: one action on the page. */
export function BrowserActionRow({ message }: RowProps) {
	const action = parsed(clineSayBrowserActionSchema, message.text)
	if (action === undefined) return <GenericRow message={message} />
	return (
		<div className="browser-row">
			<RowHeader icon="globe" tone="muted" title={describeAction(action)} />
		</div>
	)
}

/** A `browser_action_result` say: the page after an action, as the model saw it. */
export function BrowserResultRow({ message }: RowProps) {
	const result = parsed(browserActionResultSchema, message.text)
	if (result === undefined) return <GenericRow message={message} />
	return (
		<div className="browser-row">
			<RowHeader icon="browser" tone="muted" title={result.currentUrl ?? "Browser"} />
			{result.screenshot !== undefined && (
				<img
					className="browser-screenshot"
					src={result.screenshot}
					alt={`Screenshot of ${result.currentUrl ?? "the page"}`}
				/>
			)}
			{result.logs !== undefined && result.logs !== "" && (
				<ExpandableText stateKey={`${message.ts}:logs`} text={result.logs} className="browser-logs" />
			)}
		</div>
	)
}
