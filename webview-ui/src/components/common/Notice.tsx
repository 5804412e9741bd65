import { useTranslation } from "react-i18next"
import { dismissNotice } from "../../state/chatActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "./IconButton"

/** The host's last error, until the person dismisses it. */
export function Notice() {
	const { t } = useTranslation("common")
	const notice = useWebviewStore((s) => s.notice)
	if (notice === undefined) return null
	return (
		<div className="notice notice-error" role="alert">
			<span className="notice-text">{notice.error}</span>
			<IconButton icon="close" label={t("dismissError")} onClick={dismissNotice} />
		</div>
	)
}
