import type { Notice } from "@cairn/types"
import type { TFunction } from "i18next"
import { formatTokens } from "../../../util/format"

/** A notice in the webview's language: its kind's sentence with its figures (an error's words as said). */
export function noticeText(notice: Notice, t: TFunction<"rows">): string {
	const { count = 0, before = 0, after = 0, window = 0, said = "" } = notice.params ?? {}
	return t(`notice.${notice.kind}`, {
		count,
		before: formatTokens(before),
		after: formatTokens(after),
		window: formatTokens(window),
		said,
	})
}
