import type { Problem } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { problemText } from "./problemText"

/** A problem's sentence and, below it, the reason as the provider or the network gave it. */
export function ProblemLines({ problem }: { problem: Problem }) {
	const { t } = useTranslation("rows")
	const { sentence, reason } = problemText(problem, t)
	return (
		<div className="row-error">
			<div>{sentence}</div>
			{reason !== undefined && <div className="problem-reason pre-wrap">{reason}</div>}
		</div>
	)
}
