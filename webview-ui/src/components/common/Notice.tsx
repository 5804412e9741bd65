import { useTranslation } from "react-i18next"
import { dismissNotice } from "../../state/chatActions"
import { useWebviewStore } from "../../state/store"
import { problemText } from "../rows/problem/problemText"
import { IconButton } from "./IconButton"

/** The host's last error, until the person dismisses it. */
export function Notice() {
	const { t } = useTranslation("common")
	const rows = useTranslation("rows").t
	const notice = useWebviewStore((s) => s.notice)
	if (notice === undefined) return null
	const said = notice.problem && problemText(notice.problem, rows)
	return (
		<div className="notice notice-error" role="alert">
			<span className="notice-text">
				{said ? [said.sentence, said.reason].filter(Boolean).join(" ") : notice.error}
			</span>
			<IconButton icon="close" label={t("dismissError")} onClick={dismissNotice} />
		</div>
	)
}
