import { lastToolResult } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, runCli, type CliWorld } from "./support/cliProcess.js"
import { complete, runCommand, writeFile } from "./support/scenarios.js"

let world: CliWorld | undefined
afterEach(async () => {
	await world?.cleanup()
	world = undefined
})

const chats = (world: CliWorld) => world.server.requests.filter((r) => r.route === "chat")

describe("cairn --provider bedrock", () => {
	it("runs a whole task (a write, a command, the completion) with a Bedrock API key from --api-key", async () => {
		world = await createWorld({
			provider: "bedrock",
			scenario: [
				{ text: "Writing.", ...writeFile("hello.txt", "hi\n"), argumentChunks: 4 },
				runCommand("cat hello.txt"),
				complete("Wrote and read hello.txt."),
			],
		})
		const run = await runCli(world, [...world.providerArgs, "-y", "--no-tui", "write a greeting"])
		expect(run.code).toBe(0)
		expect(run.stdout).toContain("✓ Wrote and read hello.txt.")
		expect(await world.read("hello.txt")).toBe("hi\n")
		expect(chats(world)[0]?.path).toBe(
			"/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream",
		)
		expect(chats(world)[0]?.headers.authorization).toBe("Bearer test-key-0123456789")
		// The command's output went back to the model as a Bedrock toolResult.
		expect(lastToolResult(chats(world)[2]!)).toContain("hi")
	})

	it("--aws-access-key-id signs with SigV4 and the secret from --api-key; a later run needs no flags", async () => {
		world = await createWorld({ provider: "bedrock", scenario: [complete("One."), complete("Two.")] })
		const first = await runCli(world, [...world.providerArgs, "--aws-access-key-id", "AKIDCLI", "one"])
		expect(first.code).toBe(0)
		expect(chats(world)[0]?.headers.authorization).toMatch(
			/^AWS4-HMAC-SHA256 Credential=AKIDCLI\/\d{8}\/us-east-1\/bedrock\//,
		)
		const second = await runCli(world, ["two"])
		expect(second.code).toBe(0)
		expect(chats(world)[1]?.headers.authorization).toMatch(/Credential=AKIDCLI\//)
	})

	it("refuses Bedrock flags without --provider bedrock, and --provider bedrock without --region", async () => {
		world = await createWorld({ provider: "bedrock" })
		const noRegion = await runCli(world, [
			"--provider",
			"bedrock",
			"--model",
			"amazon.nova-pro-v1:0",
			"go",
		])
		expect(noRegion.code).toBe(2)
		expect(noRegion.stderr).toContain("--region is required with --provider bedrock")
		const wrongProvider = await runCli(world, [
			"--provider",
			"ollama",
			"--model",
			"q",
			"--region",
			"us-east-1",
			"go",
		])
		expect(wrongProvider.code).toBe(2)
		expect(wrongProvider.stderr).toContain("need --provider bedrock")
		expect(chats(world)).toHaveLength(0)
	})
})
