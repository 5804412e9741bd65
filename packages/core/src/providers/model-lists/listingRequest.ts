import type { ProviderSettings } from "@cairn/types"
import { ProviderError } from "../providerError.js"
import { endpointLabel, httpStatusError, sentenceStart, toProviderError } from "../providerErrors.js"
import type { ErrorContext } from "../providerErrors.js"

/** Where a provider's models are asked for, and with what. */
export interface ListingTarget {
	settings: ProviderSettings
	apiKey: string | undefined
	/** The provider's address: the settings' base URL or the provider's default, without a trailing slash. */
	baseUrl: string
	/** The person's own headers, and the key as the provider expects it. */
	headers: Record<string, string>
	/** For error messages that name the provider and address as a failed request's do. */
	context: ErrorContext
	timeoutMs: number
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * The JSON at `url`, or a ProviderError as precise as a failed model request's: a rejected key
 * (auth), nothing listening (network), or an address that answers but is not this API (a 404, or a
 * page that is not JSON: bad_request and malformed_response, with the URL to check).
 */
export async function getListing(
	url: string,
	target: ListingTarget,
	init: RequestInit = {},
	/** How this provider's error answers read, where its bodies say more than the status (Google's). */
	httpError: (status: number, text: string, headers: Headers) => ProviderError = (status, text, headers) =>
		httpStatusError(status, text, target.context, headers),
): Promise<unknown> {
	const label = sentenceStart(endpointLabel(target.context))
	let response: Response
	try {
		response = await fetch(url, {
			...init,
			headers: {
				...target.headers,
				...(init.body !== undefined && { "content-type": "application/json" }),
			},
			signal: AbortSignal.timeout(target.timeoutMs),
		})
	} catch (error) {
		if (error instanceof Error && error.name === "TimeoutError")
			throw new ProviderError(
				"network",
				`${label} did not answer ${url} within ${Math.round(target.timeoutMs / 1000)} s.`,
				{ cause: error },
			)
		throw toProviderError(error, target.context)
	}
	const text = await response.text()
	if (response.status === 404)
		throw new ProviderError(
			"bad_request",
			`${label} has no model list at ${url} (404). Check the base URL: it usually ends in the API's version, like /v1.`,
			{ status: 404 },
		)
	if (!response.ok) throw httpError(response.status, text, response.headers)
	try {
		return JSON.parse(text) as unknown
	} catch (error) {
		throw new ProviderError(
			"malformed_response",
			`${label} answered ${url} with something that is not a model list. Check the base URL.`,
			{ cause: error },
		)
	}
}

/** A listing's array of entries (`data` of an object, or the answer itself), or a malformed_response. */
export function listingEntries(
	listing: unknown,
	field: string,
	url: string,
	target: ListingTarget,
): Record<string, unknown>[] {
	const data = isRecord(listing) ? listing[field] : listing
	if (!Array.isArray(data))
		throw new ProviderError(
			"malformed_response",
			`${sentenceStart(endpointLabel(target.context))} answered ${url} with something that is not a model list. Check the base URL.`,
		)
	return data.filter(isRecord)
}

/** A positive whole number, else undefined: listings use null and strings for "unknown". */
export function tokens(value: unknown): number | undefined {
	return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined
}
