import type { Problem, ProviderSettings } from "@cairn/types"
import type { ModelProvider } from "./modelProvider.js"
import { ProviderError } from "./providerError.js"

export const redacted = "[redacted]"

// Header names that carry credentials to a proxy or gateway (Authorization, X-Api-Key, ...).
const credentialHeader = /auth|key|token|secret|cookie/i

/** What a request to this provider carries that a server might echo back: its key and credential headers. */
export function requestSecrets(settings: ProviderSettings, apiKey: string | undefined): string[] {
	const headers = Object.entries(settings.headers ?? {})
		.filter(([name]) => credentialHeader.test(name))
		.map(([, value]) => value.replace(/^(Bearer|Basic)\s+/i, ""))
	return [apiKey ?? "", ...headers].map((secret) => secret.trim()).filter((secret) => secret !== "")
}

export function redactSecrets(text: string, secrets: readonly string[]): string {
	return secrets.reduce((result, secret) => result.split(secret).join(redacted), text)
}

/** The problem's words (the provider's, the address) without `secrets`: it is shown as the message is. */
function redactedProblem(problem: Problem, secrets: readonly string[]): Problem {
	const params = Object.entries(problem.params).map(([name, value]) => [
		name,
		typeof value === "string" ? redactSecrets(value, secrets) : value,
	])
	return { kind: problem.kind, params: Object.fromEntries(params) as Problem["params"] }
}

/**
 * `error` without `secrets` in its message. The SDK's error (the cause) holds the response body
 * and is dropped for the same reason.
 */
export function redactedError(error: unknown, secrets: readonly string[]): Error {
	if (secrets.length === 0 && error instanceof Error) return error
	if (error instanceof ProviderError) {
		const { status, retryAfterMs, promptTokens, contextWindow, problem } = error.details
		return new ProviderError(error.kind, redactSecrets(error.message, secrets), {
			...(problem && { problem: redactedProblem(problem, secrets) }),
			...(status !== undefined && { status }),
			...(retryAfterMs !== undefined && { retryAfterMs }),
			...(promptTokens !== undefined && { promptTokens }),
			...(contextWindow !== undefined && { contextWindow }),
		})
	}
	return new Error(redactSecrets(error instanceof Error ? error.message : String(error), secrets))
}

/**
 * `provider` whose errors never carry `secrets`: a server that echoes the key in its error
 * message would otherwise have it shown in the chat, written to the task's journal and printed
 * by the CLI, all of which start from the error's message.
 */
export function withRedactedErrors(provider: ModelProvider, secrets: readonly string[]): ModelProvider {
	if (secrets.length === 0) return provider
	const redact = (error: unknown): Error => redactedError(error, secrets)
	return {
		name: provider.name,
		model: provider.model,
		async *createMessage(request) {
			try {
				yield* provider.createMessage(request)
			} catch (error) {
				throw redact(error)
			}
		},
	}
}
