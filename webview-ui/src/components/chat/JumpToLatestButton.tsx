import { useTranslation } from "react-i18next"
import { IconButton } from "../common/IconButton"

export function JumpToLatestButton({ onClick }: { onClick: () => void }) {
	const { t } = useTranslation("chat")
	return (
		<IconButton
			className="jump-to-latest"
			icon="arrow-down"
			label={t("jumpToLatest")}
			text={t("jumpToLatest")}
			onClick={onClick}
		/>
	)
}
