import { useTranslation } from "react-i18next"
import type { SettingsSectionLink } from "./settingsSearch"
import "./find.css"

/**
 * The top of the settings page, kept in view: a search box that narrows the page to the settings
 * that mention what is typed, and a row of links to the sections (those the search left).
 */
export function SettingsFinder(props: {
	query: string
	onQuery: (query: string) => void
	sections: readonly SettingsSectionLink[]
}) {
	const { t } = useTranslation("settings")
	return (
		<div className="settings-finder">
			<input
				type="search"
				className="text-input"
				aria-label={t("find.label")}
				placeholder={t("find.placeholder")}
				value={props.query}
				onChange={(event) => props.onQuery(event.target.value)}
				onKeyDown={(event) => {
					if (event.key === "Escape" && props.query !== "") {
						event.stopPropagation()
						props.onQuery("")
					}
				}}
			/>
			<nav aria-label={t("find.sections")}>
				<ul className="settings-sections">
					{props.sections.map((section) => (
						<li key={section.id}>
							<a href={`#${section.id}`}>{section.title}</a>
						</li>
					))}
				</ul>
			</nav>
			{props.query.trim() !== "" && props.sections.length === 0 && (
				<p className="muted" role="status">
					{t("find.nothing", { query: props.query.trim() })}
				</p>
			)}
		</div>
	)
}
