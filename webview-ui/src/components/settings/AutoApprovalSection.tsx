import type { AutoApprovalSettings } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateTrustSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { CheckboxField } from "./CheckboxField"
import { NumberField } from "./NumberField"

type Switch = {
	[K in keyof AutoApprovalSettings]-?: AutoApprovalSettings[K] extends boolean ? K : never
}[keyof AutoApprovalSettings]

const switches: readonly Exclude<Switch, "enabled">[] = [
	"readOnly",
	"readOnlyOutsideWorkspace",
	"write",
	"writeOutsideWorkspace",
	"writeProtected",
	"execute",
	"mcp",
	"browser",
	"alwaysAllowModeSwitch",
	"alwaysAllowSubtasks",
	"followup",
]

/** What Cairn may do without asking, and the limits after which it asks anyway. */
export function AutoApprovalSection() {
	const { t } = useTranslation("settings")
	const approval = useWebviewStore((s) => s.settings.autoApproval)
	const titleId = useId()
	const limitDescription = (limit: number | undefined) =>
		limit === undefined ? t("autoApproval.noLimitDescription") : t("autoApproval.cannotUnset")
	const change = (patch: Partial<AutoApprovalSettings>) => updateTrustSetting({ autoApproval: patch })
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("autoApproval.title")}</h2>
			<CheckboxField
				label={t("autoApproval.enabled")}
				description={t("autoApproval.enabledDescription")}
				checked={approval.enabled}
				onChange={(enabled) => change({ enabled })}
			/>
			<div className={["nested-fields", !approval.enabled && "inactive"].filter(Boolean).join(" ")}>
				{switches.map((key) => (
					<CheckboxField
						key={key}
						label={t(`autoApproval.switches.${key}`)}
						description={t(`autoApproval.descriptions.${key}`)}
						checked={approval[key]}
						onChange={(value) => change({ [key]: value })}
					/>
				))}
				<NumberField
					label={t("autoApproval.followupTimeout")}
					description={t("autoApproval.followupTimeoutDescription")}
					value={approval.followupTimeoutMs / 1000}
					min={1}
					integer
					onCommit={(seconds) => change({ followupTimeoutMs: seconds * 1000 })}
				/>
				<NumberField
					label={t("autoApproval.maxRequests")}
					description={limitDescription(approval.maxRequests)}
					value={approval.maxRequests}
					placeholder={t("autoApproval.noLimit")}
					min={1}
					integer
					onCommit={(maxRequests) => change({ maxRequests })}
				/>
				<NumberField
					label={t("autoApproval.maxCost")}
					description={limitDescription(approval.maxCost)}
					value={approval.maxCost}
					placeholder={t("autoApproval.noLimit")}
					min={0.01}
					step={0.01}
					onCommit={(maxCost) => change({ maxCost })}
				/>
			</div>
		</section>
	)
}
