import type { ListedModel } from "@cairn/types"
import { fromGoogleApiError } from "../gemini/geminiErrors.js"
import { getListing, isRecord, listingEntries, tokens } from "./listingRequest.js"
import type { ListingTarget } from "./listingRequest.js"

/** Google's largest page; a few pages hold every model. */
const pageSize = 1000

/** A listed Gemini model Cairn can talk to: one that generates content (not an embedding model). */
function fromEntry(entry: Record<string, unknown>): ListedModel | undefined {
	const name = typeof entry.name === "string" ? entry.name.replace(/^models\//, "") : ""
	const methods = Array.isArray(entry.supportedGenerationMethods) ? entry.supportedGenerationMethods : []
	if (name === "" || !methods.includes("generateContent")) return undefined
	const contextWindow = tokens(entry.inputTokenLimit)
	const maxOutputTokens = tokens(entry.outputTokenLimit)
	const displayName = typeof entry.displayName === "string" ? entry.displayName : undefined
	return {
		id: name,
		...(displayName !== undefined && displayName !== name && { name: displayName }),
		info: {
			...(contextWindow !== undefined && { contextWindow }),
			...(maxOutputTokens !== undefined && { maxOutputTokens }),
			...(typeof entry.thinking === "boolean" && { supportsReasoning: entry.thinking }),
		},
		supportsTools: true,
	}
}

/**
 * `GET {base}/v1beta/models`, page by page. A wrong key is a 400 whose body says API_KEY_INVALID,
 * read as the Gemini provider reads it, so it is reported as a rejected key.
 */
export async function listGemini(target: ListingTarget): Promise<ListedModel[]> {
	const listed: ListedModel[] = []
	let pageToken: string | undefined
	do {
		const query = new URLSearchParams({ pageSize: String(pageSize), ...(pageToken && { pageToken }) })
		const url = `${target.baseUrl}/v1beta/models?${query}`
		const page = await getListing(url, target, {}, (status, text, headers) =>
			fromGoogleApiError({ name: "ApiError", status, message: text }, target.context, headers),
		)
		for (const entry of listingEntries(page, "models", url, target)) {
			const model = fromEntry(entry)
			if (model) listed.push(model)
		}
		pageToken = isRecord(page) && typeof page.nextPageToken === "string" ? page.nextPageToken : undefined
	} while (pageToken)
	return listed
}
