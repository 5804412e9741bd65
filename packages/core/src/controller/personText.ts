import type { ExtensionMessageOf } from "@cairn/types"
import type { TOptions } from "i18next"
import type { HostMessageKey, HostText } from "../i18n/hostText.js"
import type { Controller } from "./Controller.js"

/** What a handler tells the person, in the language the settings say now. */
export function textFor(controller: Pick<Controller, "settingsStore">): HostText {
	return controller.settingsStore.personText()
}

/** An `error` message that tells every client's person something failed, in their language. */
export function failedNotice(
	controller: Pick<Controller, "settingsStore">,
	key: HostMessageKey,
	options?: TOptions,
): ExtensionMessageOf<"error"> {
	return { type: "error", code: "failed", error: textFor(controller)(key, options) }
}
