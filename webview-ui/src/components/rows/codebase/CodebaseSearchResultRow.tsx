import { codebaseSearchResultSchema } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { usePayload } from "../../../util/parsePayload"
import { GenericRow } from "../GenericRow"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"
import { openFile } from "../tool/PathLine"
import "./codebase.css"

/** What codebase_search found: each place with its lines and how close it is, opening at its first line. */
export function CodebaseSearchResultRow({ message }: RowProps) {
	const { t, i18n } = useTranslation("codebaseIndex")
	const result = usePayload(codebaseSearchResultSchema, message.text)
	if (!result.success) return <GenericRow message={message} />
	const { query, path, results } = result.data
	const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 })
	return (
		<div className="codebase-search-result">
			<RowHeader
				icon="search"
				tone="muted"
				title={
					path === undefined
						? t("result.title", { count: results.length, query })
						: t("result.titleIn", { count: results.length, query, path })
				}
			/>
			{results.length === 0 ? (
				<div className="muted">{t("result.none")}</div>
			) : (
				<ol className="codebase-hits">
					{results.map((hit) => (
						<li key={`${hit.path}:${hit.startLine}`} className="codebase-hit">
							<button
								type="button"
								className="path path-link"
								title={t("result.open", { path: hit.path, line: hit.startLine })}
								onClick={() => openFile(hit.path, hit.startLine)}
							>
								{hit.path}
							</button>
							<span className="muted">
								{t("result.lines", { start: hit.startLine, end: hit.endLine })}
							</span>
							<span className="codebase-score" title={t("result.scoreHint")}>
								{percent.format(Math.max(0, hit.score))}
							</span>
						</li>
					))}
				</ol>
			)}
		</div>
	)
}
