import { hostText, type HostText } from "../../i18n/hostText.js"

export type { HostText }

/** Landing's sentences when the caller names no language. */
export const english: HostText = hostText("en")
