import { Trans, useTranslation } from "react-i18next"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** The agent tried a path that the workspace's .cairnignore blocks. */
export function BlockedPathRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	return (
		<div className="blocked-path">
			<RowHeader icon="lock" tone="warning" title={t("blocked.title")} />
			<div className="row-detail">
				<Trans
					t={t}
					i18nKey="blocked.detail"
					values={{ path: message.text || t("blocked.unknownPath") }}
					components={{ code: <code /> }}
				/>
			</div>
		</div>
	)
}
