import { useTranslation } from "react-i18next"
import { updateSetting, updateTrustSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { TextField } from "./TextField"

const viewportPattern = /^[1-9]\d{1,3}x[1-9]\d{1,3}$/
// A path, the same in every language.
const defaultChromium = "/usr/bin/chromium"

/** The headless browser browser_action drives: which Chromium, and the size of the page it shows. */
export function BrowserSection() {
	const { t } = useTranslation("settings")
	const settings = useWebviewStore((s) => s.settings)
	return (
		<section className="settings-section" aria-labelledby="settings-browser">
			<h2 id="settings-browser">{t("browser.title")}</h2>
			<TextField
				label={t("browser.chromiumPath")}
				description={t("browser.chromiumPathDescription")}
				value={settings.browserExecutablePath ?? ""}
				placeholder={defaultChromium}
				validate={(value) => (value.startsWith("/") ? undefined : t("browser.absolutePath"))}
				onCommit={(browserExecutablePath) => updateTrustSetting({ browserExecutablePath })}
			/>
			<TextField
				label={t("browser.viewport")}
				description={t("browser.viewportDescription")}
				value={settings.browserViewportSize}
				validate={(value) => (viewportPattern.test(value) ? undefined : t("browser.viewportFormat"))}
				onCommit={(browserViewportSize) => updateSetting({ browserViewportSize })}
			/>
		</section>
	)
}
