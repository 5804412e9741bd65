import type { ConnectionProblem, Problem, ProblemKind } from "@cairn/types"
import type { ProviderError, ProviderErrorKind } from "./providerError.js"

/** What a failure of this kind is, where the mapping did not name it more closely. */
const kindOf: Record<Exclude<ProviderErrorKind, "aborted">, ProblemKind> = {
	auth: "provider_auth",
	rate_limit: "provider_rate_limit",
	server: "provider_server",
	network: "provider_unreachable",
	bad_request: "provider_bad_request",
	context_overflow: "provider_context_overflow",
	malformed_response: "provider_malformed",
}

/**
 * The failure as a kind and parameters for the person: the one the mapping named (a 401 is
 * `provider_auth`, a refused connection `provider_unreachable` with the socket's words), else
 * the nearest for its kind, at `endpoint` when the caller knows it.
 */
export function problemOf(error: ProviderError, endpoint?: string): Problem {
	if (error.details.problem) return error.details.problem
	const kind = error.kind === "aborted" ? "provider_malformed" : kindOf[error.kind]
	const status = error.details.status
	return {
		kind,
		params: { ...(endpoint !== undefined && { endpoint }), ...(status !== undefined && { status }) },
	}
}

/**
 * What the person should fix, from how the provider failed: the key, the address or the model.
 * One rule for "Test connection" and a task's failed request. A listing's 404 is about the
 * address (something answered, but not this API); a request's is about the model it named.
 */
export function connectionProblem(problem: Problem, asking: "list" | "request"): ConnectionProblem {
	switch (problem.kind) {
		case "provider_auth":
		case "provider_no_key":
		case "provider_billing":
			return "auth"
		case "provider_unreachable":
		case "provider_timeout":
			return "unreachable"
		case "provider_model_missing":
			return asking === "request" ? "model_missing" : "not_found"
		case "provider_malformed":
			return "not_found"
		default:
			return problem.params.status === 404
				? asking === "request"
					? "model_missing"
					: "not_found"
				: "other"
	}
}
