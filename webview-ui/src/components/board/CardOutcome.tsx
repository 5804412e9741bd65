import type { CardChecks, Landing } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { Icon } from "../common/Icon"
import { formatDuration } from "./duration"

const checkIcons = { running: "loading", passed: "pass-filled", failed: "error" } as const

/** The latest "run checks": its state, the command, how long it took, the last lines of its output. */
export function CardChecksResult({ checks }: { checks: CardChecks }) {
	const { t } = useTranslation("board")
	return (
		<section className={`card-checks card-checks-${checks.state}`} aria-label={t("checks.label")}>
			<div className="card-checks-head">
				<Icon name={checkIcons[checks.state]} spin={checks.state === "running"} />
				<span>{t(`checks.${checks.state}`)}</span>
				<code>{checks.command}</code>
				{checks.durationMs !== undefined && (
					<span className="muted">{formatDuration(checks.durationMs)}</span>
				)}
			</div>
			{checks.tail !== undefined && checks.tail !== "" && (
				<pre className="card-checks-tail">{checks.tail}</pre>
			)}
		</section>
	)
}

/** How the card's work was landed: the conflicts left for the person, the pull request or compare page. */
export function CardLanding({ landing }: { landing: Landing }) {
	const { t } = useTranslation("board")
	const conflicts = landing.conflicts ?? []
	return (
		<section className="card-landing" aria-label={t("landing.label")}>
			<div>{t(`landing.${landing.how}`)}</div>
			{conflicts.length > 0 && (
				<div className="card-conflicts" role="note">
					<Icon name="warning" />
					<span>{t("landing.conflicts", { count: conflicts.length })}</span>
					<ul>
						{conflicts.map((file) => (
							<li key={file}>
								<code>{file}</code>
							</li>
						))}
					</ul>
				</div>
			)}
			{landing.url !== undefined &&
				// The URL comes from the repository's remote: only a web page is made a link.
				(/^https?:\/\//i.test(landing.url) ? (
					<a href={landing.url} className="card-landing-url">
						{landing.url}
					</a>
				) : (
					<code className="card-landing-url">{landing.url}</code>
				))}
		</section>
	)
}
