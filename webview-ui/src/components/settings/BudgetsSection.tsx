import { budgetScopes, type BudgetLimit, type BudgetScope } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateTrustSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { BudgetProfileSwitchFields } from "./BudgetProfileSwitchFields"
import { NumberField } from "./NumberField"

type LimitPatch = { [K in keyof BudgetLimit]?: BudgetLimit[K] | null }

/** Spending limits per task, per run and per profile's day, in dollars or tokens; empty is no limit. */
export function BudgetsSection() {
	const { t } = useTranslation("settings")
	const budgets = useWebviewStore((s) => s.settings.budgets)
	const titleId = useId()
	const change = (scope: BudgetScope, patch: LimitPatch) =>
		updateTrustSetting({ budgets: { [scope]: patch } })
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("budgets.title")}</h2>
			<div className="field-description">{t("budgets.description")}</div>
			{budgetScopes.map((scope) => (
				<div key={scope} className="nested-fields" role="group" aria-label={t(`budgets.${scope}`)}>
					<h3>{t(`budgets.${scope}`)}</h3>
					<div className="field-description">{t(`budgets.${scope}Description`)}</div>
					<NumberField
						label={t("budgets.maxCost")}
						value={budgets[scope].maxCost}
						placeholder={t("budgets.noLimit")}
						min={0.01}
						step={0.01}
						onCommit={(maxCost) => change(scope, { maxCost })}
						onClear={() => change(scope, { maxCost: null })}
					/>
					<NumberField
						label={t("budgets.maxTokens")}
						value={budgets[scope].maxTokens}
						placeholder={t("budgets.noLimit")}
						min={1}
						integer
						onCommit={(maxTokens) => change(scope, { maxTokens })}
						onClear={() => change(scope, { maxTokens: null })}
					/>
				</div>
			))}
			<BudgetProfileSwitchFields />
		</section>
	)
}
