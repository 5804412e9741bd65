import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { apiRetryDelaySchema, type ApiRetryDelay } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { useSecondsLeft } from "../../util/useSecondsLeft"
import { GenericRow } from "./GenericRow"
import { ProblemLines } from "./problem/ProblemLines"
import { RowHeader, type RowTone } from "./RowHeader"
import type { RowProps } from "./rowProps"

function Countdown({ delay, startedAt }: { delay: ApiRetryDelay; startedAt: number }) {
	// The host gives the delay and when the wait began (its clock, like a row's ts), not a
	// deadline of the client's: every client counts down in step.
	const { t } = useTranslation("rows")
	const left = useSecondsLeft(startedAt + delay.delayMs)
	const attempt = { attempt: delay.attempt, max: delay.maxAttempts }
	return (
		<span role="timer" aria-live="off">
			{left > 0 ? t("retry.in", { seconds: left, ...attempt }) : t("retry.now", attempt)}
		</span>
	)
}

function ended(delay: ApiRetryDelay, t: TFunction<"rows">): { title: string; tone: RowTone } | undefined {
	switch (delay.result) {
		case "succeeded":
			return { title: t("retry.succeeded", { count: delay.attempt }), tone: "default" }
		case "failed":
			return { title: t("retry.failed", { count: delay.attempt }), tone: "error" }
		case "cancelled":
			return { title: t("retry.cancelled"), tone: "muted" }
		case undefined:
			return undefined
	}
}

/**
 * A failing request's retries, in one row that updates: the attempt, a countdown to the next
 * one, the latest error once, and how it ended.
 */
export function RetryDelayRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(apiRetryDelaySchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const delay = parsed.data
	const end = ended(delay, t)
	return (
		<div className="retry-delay">
			<RowHeader
				icon="sync"
				tone={end?.tone ?? "warning"}
				title={
					end?.title ?? <Countdown delay={delay} startedAt={delay.waitStartedAt ?? message.ts} />
				}
			/>
			{delay.problem !== undefined ? (
				<ProblemLines problem={delay.problem} />
			) : (
				delay.error !== undefined && (
					<div className="row-detail pre-wrap">
						{delay.status !== undefined && (
							<strong>{t("retry.status", { status: delay.status })}</strong>
						)}
						{delay.error}
					</div>
				)
			)}
		</div>
	)
}
