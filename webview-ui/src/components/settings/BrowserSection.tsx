import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { TextField } from "./TextField"

const viewportPattern = /^[1-9]\d{1,3}x[1-9]\d{1,3}$/

/** The headless browser browser_action drives: which Chromium, and the size of the page it shows. */
export function BrowserSection() {
	const settings = useWebviewStore((s) => s.settings)
	return (
		<section className="settings-section" aria-labelledby="settings-browser">
			<h2 id="settings-browser">Browser</h2>
			<TextField
				label="Chromium path"
				description="The Chromium (or Chrome) program the agent's browser runs. Empty: /usr/bin/chromium."
				value={settings.browserExecutablePath ?? ""}
				placeholder="/usr/bin/chromium"
				validate={(value) =>
					value.startsWith("/") ? undefined : "Give the program's absolute path."
				}
				onCommit={(browserExecutablePath) => updateSetting({ browserExecutablePath })}
			/>
			<TextField
				label="Viewport size"
				description="The page's size in pixels, WIDTHxHEIGHT: what each screenshot shows."
				value={settings.browserViewportSize}
				validate={(value) =>
					viewportPattern.test(value) ? undefined : "Write it as WIDTHxHEIGHT, e.g. 900x600."
				}
				onCommit={(browserViewportSize) => updateSetting({ browserViewportSize })}
			/>
		</section>
	)
}
