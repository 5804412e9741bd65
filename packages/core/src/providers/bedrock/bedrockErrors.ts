/**
 * Failures of @aws-sdk/client-bedrock-runtime, as the tests against the model server show them:
 * - An HTTP error: the modelled exception (ThrottlingException, ValidationException, ...), its
 *   `name` from the `x-amzn-errortype` header, `$metadata.httpStatusCode`, `$response.headers`.
 * - An exception message mid-stream: the same classes, thrown by the stream, without a status.
 * - No credentials (a missing profile, an empty default chain): CredentialsProviderError.
 * - A connection that fails or is cut: Node's socket errors (ECONNREFUSED, ECONNRESET, "aborted").
 * - A payload that is not JSON: the SyntaxError of its JSON.parse.
 */
import type { BedrockSettings } from "@cairn/types"
import { credentialHint } from "./bedrockCredentials.js"
import { recognizeContextOverflow } from "../contextOverflow.js"
import { ProviderError } from "../providerError.js"
import {
	contextOverflowError,
	endpointLabel,
	parseRetryAfter,
	sentenceStart,
	toProviderError,
	type ErrorContext,
} from "../providerErrors.js"

/** Refusals of who is asking: a wrong key or signature, a key not allowed the model, no credentials. */
const authErrors = new Set([
	"AccessDeniedException",
	"UnrecognizedClientException",
	"InvalidSignatureException",
	"IncompleteSignatureException",
	"MissingAuthenticationTokenException",
	"ExpiredTokenException",
])

/** The SDK found no credentials to sign with: nothing was sent. */
const noCredentials = new Set(["CredentialsProviderError", "TokenProviderError"])

/** The service or the model failed; the same request may well succeed later. */
const serverErrors = new Set([
	"InternalServerException",
	"ServiceUnavailableException",
	"ModelStreamErrorException",
	"ModelNotReadyException",
	"ModelErrorException",
	"ModelTimeoutException",
])

/** Socket failures Node reports by code, before or during the answer. */
const connectionCodes = new Set([
	"ECONNREFUSED",
	"ECONNRESET",
	"EPIPE",
	"ENOTFOUND",
	"EAI_AGAIN",
	"ETIMEDOUT",
])

interface SdkError {
	name: string
	message: string
	code?: unknown
	$metadata?: { httpStatusCode?: number }
	$response?: { headers?: Record<string, string> }
}

function isSdkError(error: unknown): error is Error & SdkError {
	return error instanceof Error
}

export interface BedrockErrorContext extends ErrorContext {
	bedrock: BedrockSettings
	/** Whether the answer had begun to arrive (a cut connection is then a cut answer). */
	answering?: boolean
}

/** Maps whatever the SDK throws to a ProviderError, in terms of Bedrock and the sign-in chosen. */
export function toBedrockError(error: unknown, context: BedrockErrorContext): ProviderError {
	if (error instanceof ProviderError || !isSdkError(error) || context.signal?.aborted)
		return toProviderError(error, context)
	const label = sentenceStart(endpointLabel(context))
	const { name, message } = error
	const status = error.$metadata?.httpStatusCode
	const details = { ...(status !== undefined && { status }), cause: error }
	const said = status !== undefined ? `${status} ${name}: ${message}` : `${name}: ${message}`
	if (noCredentials.has(name))
		return new ProviderError(
			"auth",
			`Cairn found no AWS credentials to sign in to ${endpointLabel(context)} with (${message}). ${credentialHint(context.bedrock)}`,
			details,
		)
	if (authErrors.has(name) || status === 401 || status === 403)
		return new ProviderError(
			"auth",
			`${label} refused the request (${said}). ${credentialHint(context.bedrock)}`,
			details,
		)
	if (name === "ThrottlingException" || status === 429) {
		const headers = error.$response?.headers
		const retryAfterMs = parseRetryAfter(headers && new Headers(headers))
		return new ProviderError("rate_limit", `${label} is throttling requests (${said}).`, {
			...details,
			...(retryAfterMs !== undefined && { retryAfterMs }),
		})
	}
	if (serverErrors.has(name) || (status !== undefined && status >= 500))
		return new ProviderError("server", `${label} had a server error (${said}).`, details)
	if (name === "ValidationException") {
		const overflow = recognizeContextOverflow(message)
		if (overflow) return contextOverflowError(endpointLabel(context), said, { ...details, ...overflow })
		return new ProviderError("bad_request", `${label} rejected the request (${said}).`, details)
	}
	if (name === "ResourceNotFoundException" || status === 404)
		return new ProviderError(
			"bad_request",
			`The model id "${context.modelId}" is unknown to ${endpointLabel(context)} (${said}). Check the model id and region in Cairn's settings, and that the model is enabled in the Bedrock console.`,
			details,
		)
	if (status !== undefined)
		return new ProviderError("bad_request", `${label} rejected the request (${said}).`, details)
	if (typeof error.code === "string" && connectionCodes.has(error.code))
		return new ProviderError(
			"network",
			context.answering
				? `The connection to ${endpointLabel(context)} closed mid-response (${message}).`
				: `Could not reach ${endpointLabel(context)}: ${message}.`,
			details,
		)
	return toProviderError(error, context)
}
