import { useTranslation } from "react-i18next"
import { showView } from "../../state/chatActions"
import { rememberModelForMode, switchMode } from "../../state/modeActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"
import { modeName } from "../modes/modeName"

/**
 * The chat box's mode picker: every mode, the workspace's and the person's marked as such, with
 * when to use the current one as its tooltip; and whether the mode remembers the current profile.
 */
export function ModePicker() {
	const { t } = useTranslation("chat")
	const common = useTranslation("common").t
	const slug = useWebviewStore((s) => s.mode)
	const modes = useWebviewStore((s) => s.modes.modes)
	const problems = useWebviewStore((s) => s.modes.problems.length)
	const provider = useWebviewStore((s) => s.settings.provider)
	const currentProfile = useWebviewStore((s) => s.settings.currentProfileId)
	const remembered = useWebviewStore((s) => s.settings.modeProfiles[slug])
	const current = modes.find((mode) => mode.slug === slug)
	const name = current ? modeName(current, common) : slug
	const remembersCurrent = remembered !== undefined && remembered === currentProfile
	const rememberLabel = remembersCurrent
		? t("mode.forget", { mode: name })
		: provider
			? t("mode.rememberModel", { model: provider.modelId, mode: name })
			: t("mode.remember", { mode: name })
	return (
		<span className="chat-mode-picker">
			<select
				className="chat-mode"
				aria-label={t("mode.label")}
				title={current?.whenToUse ?? t("mode.title")}
				value={slug}
				onChange={(event) => switchMode(event.target.value)}
			>
				{current === undefined && <option value={slug}>{slug}</option>}
				{modes.map((mode) => (
					<option key={mode.slug} value={mode.slug} title={mode.whenToUse}>
						{mode.source === "builtin"
							? modeName(mode, common)
							: t(`mode.${mode.source}`, { name: mode.name })}
					</option>
				))}
			</select>
			<IconButton
				icon={remembersCurrent ? "pinned" : "pin"}
				label={rememberLabel}
				aria-pressed={remembersCurrent}
				disabled={currentProfile === undefined}
				onClick={() => rememberModelForMode(slug, !remembersCurrent)}
			/>
			{problems > 0 && (
				<IconButton
					icon="warning"
					label={t("mode.problems", { count: problems })}
					onClick={() => showView("modes")}
				/>
			)}
		</span>
	)
}
