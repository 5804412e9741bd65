import type { HostText } from "../i18n/hostText.js"
import { personText } from "../i18n/personLanguage.js"
import type { Controller } from "./Controller.js"

/** What a handler tells the person, in the language the settings say now. */
export function textFor(controller: Pick<Controller, "host" | "settingsStore">): HostText {
	return personText(controller.host, controller.settingsStore.settings)
}
