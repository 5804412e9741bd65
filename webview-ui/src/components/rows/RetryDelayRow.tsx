import { apiRetryDelaySchema, type ApiRetryDelay } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { useSecondsLeft } from "../../util/useSecondsLeft"
import { GenericRow } from "./GenericRow"
import { RowHeader, type RowTone } from "./RowHeader"
import type { RowProps } from "./rowProps"

const retries = (n: number) => (n === 1 ? "1 retry" : `${n} retries`)

function Countdown({ delay, startedAt }: { delay: ApiRetryDelay; startedAt: number }) {
	// The host gives the delay and when the wait began (its clock, like a row's ts), not a
	// deadline of the client's: every client counts down in step.
	const left = useSecondsLeft(startedAt + delay.delayMs)
	const attempt = `attempt ${delay.attempt} of ${delay.maxAttempts}`
	return (
		<span role="timer" aria-live="off">
			{left > 0 ? `Retrying in ${left}s (${attempt})` : `Retrying now (${attempt})`}
		</span>
	)
}

function ended(delay: ApiRetryDelay): { title: string; tone: RowTone } | undefined {
	switch (delay.result) {
		case "succeeded":
			return { title: `The request went through after ${retries(delay.attempt)}`, tone: "default" }
		case "failed":
			return { title: `The request failed after ${retries(delay.attempt)}`, tone: "error" }
		case "cancelled":
			return { title: "Retrying stopped: the task was cancelled", tone: "muted" }
		case undefined:
			return undefined
	}
}

/**
 * A failing request's retries, in one row that updates: the attempt, a countdown to the next
 * one, the latest error once, and how it ended.
 */
export function RetryDelayRow({ message }: RowProps) {
	const parsed = usePayload(apiRetryDelaySchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const delay = parsed.data
	const end = ended(delay)
	return (
		<div className="retry-delay">
			<RowHeader
				icon="sync"
				tone={end?.tone ?? "warning"}
				title={
					end?.title ?? <Countdown delay={delay} startedAt={delay.waitStartedAt ?? message.ts} />
				}
			/>
			<div className="row-detail pre-wrap">
				{delay.status !== undefined && <strong>{delay.status}: </strong>}
				{delay.error}
			</div>
		</div>
	)
}
