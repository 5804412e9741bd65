import { describe, expect, it } from "vitest"
import { ProviderError } from "./providerError.js"
import { redactedError, redactSecrets, requestSecrets } from "./redactSecrets.js"

describe("requestSecrets", () => {
	it("is the key and the values of credential headers, without their scheme", () => {
		const settings = {
			provider: "openai" as const,
			modelId: "m",
			headers: { Authorization: "Bearer gw-123", "X-Title": "Cairn", "x-portkey-api-key": "pk-9" },
		}
		expect(requestSecrets(settings, " sk-1 ")).toEqual(["sk-1", "gw-123", "pk-9"])
		expect(requestSecrets({ provider: "ollama", modelId: "m" }, undefined)).toEqual([])
	})
})

describe("redactSecrets", () => {
	it("replaces every occurrence of every secret", () => {
		expect(redactSecrets("bad key sk-1, sk-1 and pk-9.", ["sk-1", "pk-9"])).toBe(
			"bad key [redacted], [redacted] and [redacted].",
		)
	})
})

describe("redactedError", () => {
	it("keeps a provider error's problem for the person, without the secrets in its words", () => {
		const problem = {
			kind: "provider_auth" as const,
			params: { endpoint: "https://proxy", status: 401, said: "key sk-1 is invalid" },
		}
		const error = new ProviderError("auth", "The key sk-1 was rejected.", { status: 401, problem })
		const redacted = redactedError(error, ["sk-1"])
		expect(redacted).toBeInstanceOf(ProviderError)
		expect((redacted as ProviderError).details.problem).toEqual({
			kind: "provider_auth",
			params: { endpoint: "https://proxy", status: 401, said: "key [redacted] is invalid" },
		})
	})
})
