import { useTranslation } from "react-i18next"
import { useNow } from "../../util/sharedClock"
import { formatDuration } from "./duration"

function Ticking({ since }: { since: number }) {
	const now = useNow()
	return <Shown ms={now - since} />
}

function Shown({ ms }: { ms: number }) {
	const { t } = useTranslation("board")
	const time = formatDuration(ms)
	return (
		<span
			className="card-elapsed"
			aria-label={t("card.elapsed", { time })}
			title={t("card.elapsed", { time })}
		>
			{time}
		</span>
	)
}

/**
 * How long the card's task has taken: ticking (on the board's one shared timer) until it stops,
 * then fixed. Only this leaf re-renders each second, not the card around it.
 */
export function CardElapsed({ createdAt, endedAt }: { createdAt: number; endedAt?: number }) {
	return endedAt === undefined ? <Ticking since={createdAt} /> : <Shown ms={endedAt - createdAt} />
}
