import { describe, expect, it } from "vitest"
import { cairnEnvironment, providerArgs } from "./cairnProcess.js"
import { parseInputs } from "./inputs.js"

const inputs = (given: Record<string, string>) =>
	parseInputs(
		(name) =>
			({
				"github-token": "ghs_token",
				"api-key": "sk-key",
				trigger: "@cairn",
				cairn: "cairn",
				...given,
			})[name] ?? "",
	)

describe("what cairn is given", () => {
	it("the key in its provider's variable only; never the job's tokens or the action's inputs", () => {
		const env = cairnEnvironment(inputs({ provider: "openai" }), "/tmp/home", {
			PATH: "/usr/bin",
			HOME: "/home/runner",
			GITHUB_REPOSITORY: "octo/widgets",
			GITHUB_TOKEN: "ghs_token",
			GH_TOKEN: "ghs_token",
			"INPUT_GITHUB-TOKEN": "ghs_token",
			"INPUT_API-KEY": "sk-key",
			ACTIONS_RUNTIME_TOKEN: "runtime",
			ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc",
			ANTHROPIC_API_KEY: "a key of the runner's",
		})
		expect(env).toEqual({
			PATH: "/usr/bin",
			HOME: "/home/runner",
			GITHUB_REPOSITORY: "octo/widgets",
			OPENAI_API_KEY: "sk-key",
			CAIRN_HOME: "/tmp/home",
			NO_COLOR: "1",
		})
	})

	it("the provider, model and endpoint as flags, and nothing for what is not given", () => {
		expect(providerArgs(inputs({ provider: "gemini" }))).toEqual(["--provider", "gemini"])
		expect(
			providerArgs(
				inputs({
					provider: "anthropic",
					model: "claude-x",
					"base-url": "https://gateway.example/v1",
				}),
			),
		).toEqual([
			"--provider",
			"anthropic",
			"--model",
			"claude-x",
			"--base-url",
			"https://gateway.example/v1",
		])
	})
})
