import { generateKeyPairSync } from "node:crypto"
import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, runCli, type CliWorld } from "./support/cliProcess.js"
import { complete, writeFile as writeFileTurn } from "./support/scenarios.js"

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

const scenario = [
	{ text: "Writing the greeting.", textChunks: 4, ...writeFileTurn("hello.txt", "hi\n") },
	{ ...complete("Wrote hello.txt."), usage: { inputTokens: 2_000, outputTokens: 40 } },
]

/**
 * A service account key file as Google issues one. Its universe is not googleapis.com, so
 * google-auth-library signs its own access token with the key instead of asking Google for one:
 * the CLI reads real credentials and no request leaves 127.0.0.1.
 */
async function serviceAccountKeyFile(dir: string): Promise<string> {
	const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
	const file = path.join(dir, "service-account.json")
	await writeFile(
		file,
		JSON.stringify({
			type: "service_account",
			project_id: "cairn-project",
			private_key_id: "cairn-key-1",
			private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
			client_email: "cairn@cairn-project.iam.gserviceaccount.com",
			client_id: "1",
			universe_domain: "cairn.test",
		}),
	)
	return file
}

describe("Google's providers in the CLI", () => {
	it("gemini: a whole task with the Gemini SDK, ending with its cost", async () => {
		world = await createWorld({ provider: "gemini", scenario })
		const run = await runCli(world, [...world.providerArgs, "-y", "--no-tui", "write a greeting"])
		expect(run.stderr).not.toMatch(/error/i)
		expect(run.code).toBe(0)
		expect(run.stdout).toContain("✓ Wrote hello.txt.")
		expect(run.stdout).toMatch(/Cost \$0\.00[1-9]/)
		expect(await world.read("hello.txt")).toBe("hi\n")
		expect(world.server.requests[0]?.path).toBe("/v1beta/models/gemini-2.5-pro:streamGenerateContent")
		expect(world.server.requests[0]?.headers["x-goog-api-key"]).toBe("test-key-0123456789")
	})

	it.each([
		["claude-sonnet-4-5@20250929", "anthropic", "streamRawPredict"],
		["gemini-2.5-flash", "google", "streamGenerateContent"],
	])(
		"vertex %s: project, region and key file from the flags, remembered for the next run",
		async (model, publisher, method) => {
			world = await createWorld({ scenario: [...scenario, complete("Again.")] })
			const keyFile = await serviceAccountKeyFile(world.root)
			const vertexArgs = [
				"--provider",
				"vertex",
				"--model",
				model,
				"--base-url",
				world.server.url,
				"--vertex-project-id",
				"cairn-project",
				"--vertex-region",
				"us-east5",
				"--vertex-credentials-file",
				keyFile,
			]
			const run = await runCli(world, [...vertexArgs, "-y", "--no-tui", "write a greeting"])
			expect(run.stderr).not.toMatch(/error/i)
			expect(run.code).toBe(0)
			expect(await world.read("hello.txt")).toBe("hi\n")
			const [first] = world.server.requests
			expect(first?.path).toBe(
				`/v1/projects/cairn-project/locations/us-east5/publishers/${publisher}/models/${model}:${method}`,
			)
			expect(first?.headers.authorization).toMatch(/^Bearer ey/)

			const again = await runCli(world, ["-y", "--no-tui", "once more"])
			expect(again.code).toBe(0)
			expect(again.stdout).toContain("Again.")
			expect(world.server.requests.at(-1)?.path).toBe(first?.path)
		},
	)

	it("vertex without a project or region is a usage error naming the flags", async () => {
		world = await createWorld()
		const run = await runCli(world, ["--provider", "vertex", "--model", "gemini-2.5-pro", "-P", "hi"])
		expect(run.code).not.toBe(0)
		expect(run.stderr).toContain("--vertex-project-id and --vertex-region")
	})
})
