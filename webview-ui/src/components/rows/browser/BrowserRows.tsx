import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import {
	browserActionResultSchema,
	clineSayBrowserActionSchema,
	type ClineSayBrowserAction,
} from "@cairn/types"
import { Icon } from "../../common/Icon"
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

function describeAction(action: ClineSayBrowserAction, t: TFunction<"rows">): string {
	switch (action.action) {
		case "launch":
			return action.text === undefined
				? t("browser.launchBrowser")
				: t("browser.launch", { url: action.text })
		case "click":
			return t("browser.click", { at: action.coordinate ?? "?" })
		case "hover":
			return t("browser.hover", { at: action.coordinate ?? "?" })
		case "type":
			return t("browser.type", { text: action.text ?? "" })
		case "scroll_down":
			return t("browser.scrollDown")
		case "scroll_up":
			return t("browser.scrollUp")
		case "close":
			return t("browser.close")
	}
}

/** The `browser_action_launch` ask: the URL the agent wants to open. */
export function BrowserLaunchRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	return (
		<div className="browser-row">
			<RowHeader icon="globe" title={t("browser.wantsToOpen")} />
			<code className="browser-url">{message.text}</code>
		</div>
	)
}

/** A `browser_action` say: one action on the page. */
export function BrowserActionRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const action = parsed(clineSayBrowserActionSchema, message.text)
	if (action === undefined) return <GenericRow message={message} />
	return (
		<div className="browser-row">
			<RowHeader icon="globe" tone="muted" title={describeAction(action, t)} />
		</div>
	)
}

/** A `browser_action_result` say: the page after an action, as the model saw it. */
export function BrowserResultRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const result = parsed(browserActionResultSchema, message.text)
	if (result === undefined) return <GenericRow message={message} />
	return (
		<div className="browser-row">
			<RowHeader icon="browser" tone="muted" title={result.currentUrl ?? t("browser.browser")} />
			{result.unsandboxed !== undefined && (
				<div className="row-warning" role="note">
					<Icon name="warning" />
					<span>{t(`browser.unsandboxed.${result.unsandboxed}`)}</span>
				</div>
			)}
			{result.screenshot !== undefined && (
				<img
					className="browser-screenshot"
					src={result.screenshot}
					alt={
						result.currentUrl === undefined
							? t("browser.screenshot")
							: t("browser.screenshotOf", { url: result.currentUrl })
					}
				/>
			)}
			{result.logs !== undefined && result.logs !== "" && (
				<ExpandableText stateKey={`${message.ts}:logs`} text={result.logs} className="browser-logs" />
			)}
		</div>
	)
}
