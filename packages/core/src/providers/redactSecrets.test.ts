import { describe, expect, it } from "vitest"
import { redactSecrets, requestSecrets } from "./redactSecrets.js"

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
