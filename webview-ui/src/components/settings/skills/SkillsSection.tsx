import type { SkillSummary } from "@cairn/types"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { requestSkills, setSkillEnabled } from "../../../state/skillActions"
import { useWebviewStore } from "../../../state/store"
import { CheckboxField } from "../CheckboxField"

/**
 * The Agent Skills of the workspace and the person: where each is from, what it is for, and a
 * switch to turn it off. A skill another folder's skill of the same name stands in for has no
 * switch: it says which one is used instead.
 */
export function SkillsSection() {
	const { t } = useTranslation("settings")
	const listing = useWebviewStore((s) => s.skills)
	const disabled = useWebviewStore((s) => s.settings.disabledSkills)
	const titleId = useId()
	// Listed on request: finding the skills reads folders, which Settings opening need not do.
	const [shown, setShown] = useState(false)
	const detail = (skill: SkillSummary) => {
		const used =
			skill.shadowedBy &&
			listing?.skills.find((other) => other.name === skill.name && other.source === skill.shadowedBy)
		return (
			<>
				{skill.description}
				<br />
				{t(`skills.sources.${skill.source}`)}: <code>{skill.folder}</code>
				{skill.shadowedBy !== undefined && (
					<> {t("skills.shadowed", { folder: used ? used.folder : skill.shadowedBy })}</>
				)}
			</>
		)
	}
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("skills.title")}</h2>
			<div className="field-description">{t("skills.description")}</div>
			<button
				type="button"
				onClick={() => {
					setShown(true)
					requestSkills()
				}}
			>
				{t(shown ? "skills.refresh" : "skills.show")}
			</button>
			{!shown
				? null
				: listing?.skills.length === 0 && <div className="field-description">{t("skills.none")}</div>}
			{shown &&
				listing?.skills.map((skill) => (
					<CheckboxField
						key={`${skill.source}:${skill.name}`}
						label={skill.name}
						description={detail(skill)}
						checked={skill.shadowedBy === undefined && !disabled.includes(skill.name)}
						disabled={skill.shadowedBy !== undefined}
						onChange={(enabled) => setSkillEnabled(disabled, skill.name, enabled)}
					/>
				))}
			{shown &&
				listing?.skipped.map((reason) => (
					<div key={reason} className="field-description" role="note">
						{t("skills.leftOut", { reason })}
					</div>
				))}
		</section>
	)
}
