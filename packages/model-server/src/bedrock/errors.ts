import { isRecord } from "../protocol.js"
import type { ErrorSpec } from "../protocol.js"

// Bedrock names an error by its exception type, for each status the runtime documents; the SDK
// picks its error class from the type alone.
const typeByStatus: Record<number, string> = {
	400: "ValidationException",
	// AWS answers a key it does not know with a 403; a 401 is named the same way.
	401: "UnrecognizedClientException",
	403: "AccessDeniedException",
	404: "ResourceNotFoundException",
	408: "ModelTimeoutException",
	424: "ModelErrorException",
	429: "ThrottlingException",
	500: "InternalServerException",
	503: "ServiceUnavailableException",
}

export function bedrockErrorType(status: number): string {
	return typeByStatus[status] ?? (status >= 500 ? "InternalServerException" : "ValidationException")
}

/** The type rides in a header, with the namespace suffix the service adds (the SDK strips it). */
export function bedrockErrorHeaders(spec: ErrorSpec): Record<string, string> {
	const type = spec.type ?? bedrockErrorType(spec.status)
	return { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` }
}

/** The body is the message alone. */
export function bedrockErrorBody(spec: ErrorSpec): unknown {
	return { message: spec.message }
}

export function bedrockRequestId(sequence: number): string {
	return `00000000-cafe-4000-8000-${String(sequence).padStart(12, "0")}`
}

/** What `/model/{modelId}/converse(-stream)` names, decoded; undefined for any other path. */
export function bedrockModelOf(path: string): string | undefined {
	const match = /^\/model\/([^/]+)\/converse(?:-stream)?$/.exec(path)
	if (match?.[1] === undefined) return undefined
	try {
		return decodeURIComponent(match[1])
	} catch {
		return undefined
	}
}

/** Bedrock's validation wording: "1 validation error detected: Value … at '…' failed to satisfy constraint". */
function constraint(field: string, what: string): ErrorSpec {
	return {
		status: 400,
		message: `1 validation error detected: Value at '${field}' failed to satisfy constraint: ${what}`,
	}
}

export function validateBedrockChat(body: unknown, jsonError: string | undefined): ErrorSpec | undefined {
	if (jsonError !== undefined)
		return {
			status: 400,
			type: "SerializationException",
			message: `Malformed request body: ${jsonError}`,
		}
	if (!isRecord(body))
		return { status: 400, type: "SerializationException", message: "Expected a JSON object" }
	if (!Array.isArray(body.messages)) return constraint("messages", "Member must not be null")
	for (const [index, message] of body.messages.entries()) {
		if (!isRecord(message) || (message.role !== "user" && message.role !== "assistant"))
			return constraint(
				`messages.${index + 1}.member.role`,
				"Member must satisfy enum value set: [user, assistant]",
			)
		if (!Array.isArray(message.content))
			return constraint(`messages.${index + 1}.member.content`, "Member must not be null")
	}
	return undefined
}
