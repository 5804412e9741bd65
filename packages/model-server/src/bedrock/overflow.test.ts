import {
	BedrockRuntimeClient,
	ConverseStreamCommand,
	ValidationException,
} from "@aws-sdk/client-bedrock-runtime"
import type { ConverseStreamCommandInput } from "@aws-sdk/client-bedrock-runtime"
import { NodeHttpHandler } from "@smithy/node-http-handler"
import { describe, expect, it } from "vitest"
import type { ModelServer } from "../server.js"
import { useModelServers } from "../test-support/servers.js"
import { countRequestTokens } from "../tokens.js"

const start = useModelServers()

const ask = (modelId: string): ConverseStreamCommandInput => ({
	modelId,
	system: [{ text: "You are Cairn, a coding agent." }, { cachePoint: { type: "default" } }],
	messages: [{ role: "user", content: [{ text: "Summarise the repository in three sentences, please." }] }],
	inferenceConfig: { maxTokens: 1_000 },
	toolConfig: {
		tools: [
			{
				toolSpec: {
					name: "read_file",
					description: "Read a file.",
					inputSchema: { json: { type: "object" } },
				},
			},
		],
	},
})
const claude = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
const { modelId: _claude, ...body } = ask(claude)
const tokens = await countRequestTokens("bedrock", body)

async function refusal(server: ModelServer, modelId: string): Promise<unknown> {
	const client = new BedrockRuntimeClient({
		region: "us-east-1",
		endpoint: server.url,
		maxAttempts: 1,
		token: { token: "bedrock-api-key" },
		authSchemePreference: ["httpBearerAuth"],
		requestHandler: new NodeHttpHandler(),
	})
	return client.send(new ConverseStreamCommand(ask(modelId))).catch((error: unknown) => error)
}

describe("Bedrock context window", () => {
	it("counts system, messages and tool specs by the shared rule (a cache point counts nothing)", () => {
		expect(tokens.tools).toBeGreaterThan(0)
		expect(tokens.total).toBeGreaterThan(tokens.tools + 3)
	})

	it("refuses a Claude prompt longer than the window with the words Claude uses, passed on by Bedrock", async () => {
		const input = tokens.total
		const server = await start({ contextWindow: input - 1, scenario: [{ text: "unused" }] })
		const error = await refusal(server, claude)
		expect(error).toBeInstanceOf(ValidationException)
		expect((error as Error).message).toBe(
			`The model returned the following errors: prompt is too long: ${input} tokens > ${input - 1} maximum`,
		)
		expect(server.remainingTurns).toBe(1)
		expect(server.requests[0]).toMatchObject({ inputTokens: input, contextOverflow: "refused" })
	})

	it("refuses a Claude prompt that leaves no room for maxTokens, naming both numbers", async () => {
		const input = tokens.total
		const server = await start({ contextWindow: input + 999, scenario: [{ text: "unused" }] })
		const error = await refusal(server, claude)
		expect((error as Error).message).toBe(
			"The model returned the following errors: input length and `max_tokens` exceed context limit: " +
				`${input} + 1000 > ${input + 999}, decrease input length or \`max_tokens\` and try again`,
		)
	})

	it("refuses other models' long prompts with Bedrock's own sentence, and lets a fitting one through", async () => {
		const server = await start({ contextWindow: tokens.total - 1, scenario: [{ text: "fits" }] })
		const error = await refusal(server, "meta.llama3-3-70b-instruct-v1:0")
		expect(error).toBeInstanceOf(ValidationException)
		expect((error as Error).message).toBe("Input is too long for requested model.")
		server.setContextWindow(tokens.total)
		expect(await refusal(server, "meta.llama3-3-70b-instruct-v1:0")).not.toBeInstanceOf(Error)
		expect(server.requests[1]?.headers.authorization).toBe("Bearer bedrock-api-key")
	})
})
