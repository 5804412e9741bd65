import { useTranslation } from "react-i18next"

/** Marks token figures as Cairn's estimate: the provider has not reported its own count (yet). */
export function EstimateMark({ title }: { title?: string }) {
	const { t } = useTranslation("chat")
	return (
		<abbr
			className="estimate-mark"
			title={title ?? t("spend.estimatedTitle")}
			aria-label={t("spend.estimated")}
		>
			{t("spend.estimatedMark")}
		</abbr>
	)
}
