import { useTranslation } from "react-i18next"
import { closeCardDiff } from "../../state/boardActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"

/** The files of the card's diff against its base, when the host sent it (`cardDiff`), until closed. */
export function CardDiffFiles({ taskId }: { taskId: string }) {
	const { t } = useTranslation("board")
	const diff = useWebviewStore((s) => s.board.diffs[taskId])
	if (diff === undefined) return null
	return (
		<section className="card-diff" aria-label={t("diff.label", { base: diff.base })}>
			<div className="card-diff-head">
				<span>{t("diff.label", { base: diff.base })}</span>
				<IconButton icon="close" label={t("diff.close")} onClick={() => closeCardDiff(taskId)} />
			</div>
			{diff.files.length === 0 ? (
				<p className="muted">{t("diff.none")}</p>
			) : (
				<ul className="card-diff-files">
					{diff.files.map((file) => (
						<li key={file.path}>
							<span className="card-diff-change">{t(`diff.change.${file.change}`)}</span>{" "}
							<code>{file.path}</code>{" "}
							{file.binary ? (
								<span className="muted">{t("diff.binary")}</span>
							) : (
								<>
									<span className="diff-stats-added">+{file.added}</span>{" "}
									<span className="diff-stats-removed">-{file.removed}</span>
								</>
							)}
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
