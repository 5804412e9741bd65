import type { ExtensionMessageOf } from "@cairn/types"
import type { TOptions } from "i18next"
import type { HostMessageKey, HostText } from "../i18n/hostText.js"
import type { HandlerContext } from "./handlerContext.js"

/** What a handler tells the person, in the language the settings say now. */
export function textFor(context: Pick<HandlerContext, "settingsStore">): HostText {
	return context.settingsStore.personText()
}

/** An `error` message that tells every client's person something failed, in their language. */
export function failedNotice(
	context: Pick<HandlerContext, "settingsStore">,
	key: HostMessageKey,
	options?: TOptions,
): ExtensionMessageOf<"error"> {
	return { type: "error", code: "failed", error: textFor(context)(key, options) }
}
