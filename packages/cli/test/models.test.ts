import { describe, expect, it } from "vitest"
import { runCli, withWorld } from "./support/cliProcess.js"

// `cairn models list` and `cairn models test` against the model server, with the flags a run takes.

const server = {
	apiKey: "test-key-0123456789",
	contextWindow: 200_000,
	maxOutputTokens: 64_000,
	models: ["anthropic/claude-sonnet-4.5", "openai/gpt-5"],
}

describe.concurrent("cairn models", () => {
	it("`models list` shows OpenRouter's models with their window and prices, and --json all of it", () =>
		withWorld({ provider: "openrouter", server }, async (world) => {
			const run = await runCli(world, ["models", "list", ...world.providerArgs])
			expect(run.stderr).toBe("")
			expect(run.code).toBe(0)
			expect(run.stdout.split("\n")[0]).toMatch(
				/^anthropic\/claude-sonnet-4\.5 +context 200k +output 64k +\$3 \/ \$15 per M$/,
			)
			const json = await runCli(world, ["models", "list", "--json", ...world.providerArgs])
			expect(JSON.parse(json.stdout)).toMatchObject({
				provider: "openrouter",
				models: [
					{ id: "anthropic/claude-sonnet-4.5", info: { contextWindow: 200_000, inputPrice: 3 } },
					{ id: "openai/gpt-5" },
				],
			})
		}))

	it("`models test` passes with the right key and names a wrong key or a missing model", () =>
		withWorld({ provider: "openrouter", server }, async (world) => {
			const ok = await runCli(world, ["models", "test", ...world.providerArgs])
			expect(ok.code).toBe(0)
			expect(ok.stdout).toMatch(
				/^Connected to OpenRouter \(.*\): it lists 2 models, "anthropic\/claude-sonnet-4\.5" among them\.\n$/,
			)

			const wrongKey = await runCli(world, [
				"models",
				"test",
				...world.providerArgs,
				"--api-key",
				"sk-wrong",
			])
			expect(wrongKey.code).toBe(1)
			expect(wrongKey.stderr).toMatch(/^The API key for OpenRouter \(.*\) was rejected \(401/)
			expect(wrongKey.stderr).not.toContain("sk-wrong")

			const missing = await runCli(world, [
				"models",
				"test",
				"--json",
				...world.providerArgs,
				"--model",
				"x/unknown",
			])
			expect(missing.code).toBe(1)
			expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, problem: "model_missing" })
		}))

	it("`models test` answers in the person's language; --json keeps its fields, with the message in it too", () =>
		withWorld({ provider: "openrouter", server }, async (world) => {
			const japanese = { LANG: "ja_JP.UTF-8" }
			const ok = await runCli(world, ["models", "test", ...world.providerArgs], { env: japanese })
			expect(ok.code).toBe(0)
			expect(ok.stdout).toMatch(
				/に接続しました: 2 個のモデルがあり、"anthropic\/claude-sonnet-4\.5" も含まれています。\n$/,
			)
			const json = await runCli(world, ["models", "test", "--json", ...world.providerArgs], {
				env: japanese,
			})
			expect(JSON.parse(json.stdout)).toMatchObject({
				ok: true,
				message: expect.stringMatching(/に接続しました/),
			})
		}))

	it("offers no provider that only the editor has", () =>
		withWorld({}, async (world) => {
			const run = await runCli(world, ["models", "list", "--provider", "vscode-lm", "--model", "x"])
			expect(run.code).toBe(2)
			expect(run.stderr).toContain("--provider <name>' argument 'vscode-lm' is invalid")
		}))
})
