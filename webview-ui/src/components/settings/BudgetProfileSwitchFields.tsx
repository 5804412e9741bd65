import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateTrustSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { NumberField } from "./NumberField"

/** Until the person names a share, a task moves at half its limit. */
const defaultPercent = 50

/**
 * The cheaper profile a task moves to once it has spent the share of its task limit the person
 * names; none keeps every task on its own profile.
 */
export function BudgetProfileSwitchFields() {
	const { t } = useTranslation("settings")
	const rule = useWebviewStore((s) => s.settings.budgets.switchProfile)
	const profiles = useWebviewStore((s) => s.settings.profiles)
	const selectId = useId()
	const choose = (profileId: string) =>
		updateTrustSetting({
			budgets: {
				switchProfile:
					profileId === "" ? null : { profileId, atPercent: rule?.atPercent ?? defaultPercent },
			},
		})
	return (
		<div className="nested-fields" role="group" aria-label={t("budgets.switchProfile")}>
			<h3>{t("budgets.switchProfile")}</h3>
			<div className="field-description">{t("budgets.switchProfileDescription")}</div>
			<div className="field">
				<label htmlFor={selectId}>{t("budgets.switchProfile")}</label>
				<select
					id={selectId}
					className="select"
					value={rule?.profileId ?? ""}
					onChange={(event) => choose(event.target.value)}
				>
					<option value="">{t("budgets.switchNone")}</option>
					{profiles.map((profile) => (
						<option key={profile.id} value={profile.id}>
							{profile.name}
						</option>
					))}
				</select>
			</div>
			<NumberField
				label={t("budgets.switchAtPercent")}
				value={rule?.atPercent ?? defaultPercent}
				min={1}
				max={99}
				integer
				disabled={rule === undefined}
				onCommit={(atPercent) =>
					rule && updateTrustSetting({ budgets: { switchProfile: { ...rule, atPercent } } })
				}
			/>
		</div>
	)
}
