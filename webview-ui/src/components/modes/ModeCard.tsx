import type { ModeView } from "@cairn/types"
import type { TFunction } from "i18next"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { modeName } from "./modeName"
import { deleteCustomMode, exportMode, switchMode } from "../../state/modeActions"
import { useWebviewStore } from "../../state/store"
import { ConfirmChoices } from "../common/ConfirmChoices"
import { IconButton } from "../common/IconButton"

function groupsText(mode: ModeView, t: TFunction<"modes">): string {
	if (mode.groups.length === 0) return t("card.noTools")
	return mode.groups
		.map((entry) =>
			entry.restriction
				? t("card.restrictedGroup", { group: entry.group, files: entry.restriction.description })
				: entry.group,
		)
		.join(t("card.listSeparator"))
}

/** One mode: what it is for, its tools, where it comes from, and what can be done with it. */
export function ModeCard({ mode, onEdit }: { mode: ModeView; onEdit: () => void }) {
	const { t } = useTranslation("modes")
	const common = useTranslation("common").t
	const current = useWebviewStore((s) => s.mode === mode.slug)
	const remembered = useWebviewStore((s) =>
		s.settings.profiles.find((profile) => profile.id === s.settings.modeProfiles[mode.slug]),
	)
	const [confirmingDelete, setConfirmingDelete] = useState(false)
	const source = mode.source
	const name = modeName(mode, common)
	return (
		<article className="mode-card" aria-label={name}>
			<header>
				<strong>{name}</strong> <code>{mode.slug}</code>
				{current && <span className="mode-badge">{t("card.current")}</span>}
				{mode.overrides && <span className="mode-badge">{t(`card.replaces.${mode.overrides}`)}</span>}
				{mode.fromFile !== undefined && (
					<span className="mode-badge">{t("card.fromFile", { file: mode.fromFile })}</span>
				)}
				{mode.shadows && (
					<span className="mode-badge">
						{t("card.shadows", { files: mode.shadows.join(t("card.listSeparator")) })}
					</span>
				)}
			</header>
			<div className="row-detail">{mode.whenToUse}</div>
			<div className="muted">{t("card.tools", { groups: groupsText(mode, t) })}</div>
			{remembered && (
				<div className="muted">
					{t("card.remembers", { profile: remembered.name, model: remembered.provider.modelId })}
				</div>
			)}
			{confirmingDelete && source !== "builtin" ? (
				<ConfirmChoices
					question={t(`card.deleteFrom.${source}`, { mode: name })}
					choices={[
						{
							label: t("card.delete"),
							primary: true,
							onChoose: () => {
								deleteCustomMode(source, mode.slug)
								setConfirmingDelete(false)
							},
						},
					]}
					onCancel={() => setConfirmingDelete(false)}
				/>
			) : (
				<div className="mode-actions">
					{!current && (
						<IconButton
							icon="check"
							label={t("card.useMode", { mode: name })}
							text={t("card.use")}
							onClick={() => switchMode(mode.slug)}
						/>
					)}
					<IconButton
						icon="edit"
						label={
							source === "builtin"
								? t("card.customizeMode", { mode: name })
								: t("card.editMode", { mode: name })
						}
						text={source === "builtin" ? t("card.customize") : t("card.edit")}
						onClick={onEdit}
					/>
					<IconButton
						icon="export"
						label={t("card.exportMode", { mode: name })}
						text={t("card.export")}
						onClick={() => exportMode(mode.slug)}
					/>
					{/* Another tool's file is changed in that file: Cairn deletes only from its own. */}
					{source !== "builtin" && mode.fromFile === undefined && (
						<IconButton
							icon="trash"
							label={t("card.deleteMode", { mode: name })}
							text={t("card.delete")}
							onClick={() => setConfirmingDelete(true)}
						/>
					)}
				</div>
			)}
		</article>
	)
}
