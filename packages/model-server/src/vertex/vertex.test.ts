import { AnthropicVertex } from "@anthropic-ai/vertex-sdk"
import { OAuth2Client } from "google-auth-library"
import { describe, expect, it } from "vitest"
import { useModelServers } from "../test-support/servers.js"

const start = useModelServers()

describe("Claude on Vertex AI through @anthropic-ai/vertex-sdk", () => {
	it("streams the Messages API from streamRawPredict, the model in the path and the version in the body", async () => {
		const server = await start({ scenario: [{ text: "Hello from Claude on Vertex", textChunks: 3 }] })
		const authClient = new OAuth2Client()
		authClient.setCredentials({ access_token: "vertex-test-token", expiry_date: Date.now() + 3_600_000 })
		const client = new AnthropicVertex({
			projectId: "cairn-project",
			region: "us-east5",
			baseURL: `${server.url}/v1`,
			authClient,
			maxRetries: 0,
		})
		const message = await client.messages
			.stream({
				model: "claude-sonnet-4-5@20250929",
				max_tokens: 1024,
				messages: [{ role: "user", content: "hi" }],
			})
			.finalMessage()
		expect(message.content).toEqual([{ type: "text", text: "Hello from Claude on Vertex" }])
		const [request] = server.requests
		expect(request?.path).toBe(
			"/v1/projects/cairn-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict",
		)
		expect(request?.headers.authorization).toBe("Bearer vertex-test-token")
		expect(request?.body).toMatchObject({ anthropic_version: expect.any(String), stream: true })
		expect(request?.body).not.toHaveProperty("model")
	})
})
