import { describe, expect, it } from "vitest"
import { InputsError, parseInputs } from "./inputs.js"

/** What a runner gives for action.yml's inputs: its defaults, "" for the others, then `given`. */
const read =
	(given: Record<string, string>) =>
	(name: string): string =>
		given[name] ??
		({ provider: "anthropic", trigger: "@cairn", cairn: "cairn" } as Record<string, string>)[name] ??
		""
const required = { "github-token": "ghs_x", "api-key": "sk-x" }

describe("the action's inputs", () => {
	it("takes the required ones and leaves the empty optional ones out", () => {
		expect(parseInputs(read(required))).toEqual({
			...required,
			provider: "anthropic",
			trigger: "@cairn",
			cairn: "cairn",
		})
	})

	it("names every bad input at once, each with what it should be", () => {
		const problems = (() => {
			try {
				parseInputs(
					read({
						provider: "bedrock",
						"base-url": "ftp://proxy",
						shard: "2 of 4",
						"max-cost": "lots",
						mode: "Code Mode",
					}),
				)
			} catch (error) {
				return error instanceof InputsError ? error.problems : []
			}
			return []
		})()
		expect(problems).toEqual([
			"github-token is required (the job's token, secrets.GITHUB_TOKEN)",
			"api-key is required (the model provider's key, from the job's secrets)",
			expect.stringMatching(/^provider: .*anthropic.*openai.*gemini.*openrouter/),
			"base-url must be an http(s) URL",
			"mode is a mode's slug, as code or architect",
			"max-cost is dollars, as 2 or 0.50",
			"shard is <index>/<count>, as 0/4",
		])
	})

	it("the error's message lists the problems one a line, never a value of a secret", () => {
		const attempt = () => parseInputs(read({ "api-key": "sk-secret", provider: "nope" }))
		expect(attempt).toThrow(/^The action's inputs cannot be used:\n- github-token is required/)
		expect(attempt).not.toThrow(/sk-secret/)
	})
})
