import { apiRetryDelaySchema, type ApiRetryDelay } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { useSecondsLeft } from "../../util/useSecondsLeft"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

function Countdown({ delay, startedAt }: { delay: ApiRetryDelay; startedAt: number }) {
	// The host gives the delay, not a deadline: counting from the row's ts keeps every client in step.
	const left = useSecondsLeft(startedAt + delay.delayMs)
	const attempt = `attempt ${delay.attempt} of ${delay.maxAttempts}`
	return (
		<span role="timer" aria-live="off">
			{left > 0 ? `Retrying in ${left}s (${attempt})` : `Retried (${attempt})`}
		</span>
	)
}

/** A failed request that will be retried after a delay, with a live countdown. */
export function RetryDelayRow({ message }: RowProps) {
	const parsed = usePayload(apiRetryDelaySchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const delay = parsed.data
	return (
		<div className="retry-delay">
			<RowHeader
				icon="sync"
				tone="warning"
				title={<Countdown delay={delay} startedAt={message.ts} />}
			/>
			<div className="row-detail pre-wrap">
				{delay.status !== undefined && <strong>{delay.status}: </strong>}
				{delay.error}
			</div>
		</div>
	)
}
