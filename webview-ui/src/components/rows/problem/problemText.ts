import type { Problem } from "@cairn/types"
import type { TFunction } from "i18next"
import { formatTokens } from "../../../util/format"

/**
 * A problem in the webview's language: the sentence its kind names, at the address it happened,
 * and the provider's or the network's own words as the reason (those stay as they were said).
 */
export function problemText(problem: Problem, t: TFunction<"rows">): { sentence: string; reason?: string } {
	const { endpoint, status, said, modelId, tokens = 0, available = 0, window = 0 } = problem.params
	const where = endpoint ?? t("problem.theProvider")
	const sentence = t(`problem.${problem.kind}`, {
		where,
		modelId: modelId ?? "",
		tokens: formatTokens(tokens),
		available: formatTokens(available),
		window: formatTokens(window),
	})
	const reason = [status, said].filter((part) => part !== undefined && part !== "").join(" ")
	return reason === "" ? { sentence } : { sentence, reason: t("problem.reason", { reason }) }
}
