import { demoProfileId } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { removeDemo, startDemoTask } from "../../state/demoActions"
import { useWebviewStore } from "../../state/store"
import "./DemoBanner.css"

/**
 * Says, above the chat, that the demo's answers are scripted, whenever the demo's profile is the
 * current one; starts the demo's task, and removes the demo in one click.
 */
export function DemoBanner() {
	const { t } = useTranslation("chat")
	const onDemo = useWebviewStore((s) => s.settings.currentProfileId === demoProfileId)
	const hasTask = useWebviewStore((s) => s.messages.length > 0)
	if (!onDemo) return null
	return (
		<section className="demo-banner" role="note" aria-label={t("demo.label")}>
			<p>
				<strong>{t("demo.title")}</strong> {t("demo.explanation")}
			</p>
			<div className="demo-banner-actions">
				{!hasTask && (
					<button
						type="button"
						className="demo-banner-start"
						onClick={() => startDemoTask(t("demo.prompt"))}
					>
						{t("demo.start")}
					</button>
				)}
				<button type="button" className="demo-banner-remove" onClick={removeDemo}>
					{t("demo.remove")}
				</button>
			</div>
		</section>
	)
}
