import { withoutEnvironmentDetails } from "../context/environmentDetails.js"
import type { UserBlock } from "../providers/apiMessage.js"
import { ProviderError } from "../providers/providerError.js"

const requestSummaryChars = 2_000

/** What an `api_req_started` row says was sent: the turn's text and how many tool results. */
export function summarize(content: readonly UserBlock[]): string {
	const texts = content.flatMap((b) => (b.type === "text" ? [b.text] : []))
	const results = content.filter((b) => b.type === "tool_result").length
	const summary = [withoutEnvironmentDetails(texts.join("\n"))]
	if (results > 0) summary.push(`[${results} tool result${results > 1 ? "s" : ""}]`)
	return summary.filter(Boolean).join("\n").slice(0, requestSummaryChars)
}

export const toProviderError = (error: unknown): ProviderError =>
	error instanceof ProviderError
		? error
		: new ProviderError("network", error instanceof Error ? error.message : String(error), {
				cause: error,
			})
