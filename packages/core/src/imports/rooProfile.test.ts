import { describe, expect, it } from "vitest"
import { rooProfile } from "./rooProfile.js"

describe("a Roo provider profile as a Cairn provider", () => {
	it.each([
		[
			"Bedrock with access keys: the secret half is the key",
			{
				apiProvider: "bedrock",
				apiModelId: "anthropic.claude-sonnet-4",
				awsRegion: "eu-west-1",
				awsAccessKey: "AKIA1",
				awsSecretKey: "s3cret",
			},
			{
				provider: {
					provider: "bedrock",
					modelId: "anthropic.claude-sonnet-4",
					bedrock: { region: "eu-west-1", auth: "accessKeys", accessKeyId: "AKIA1" },
				},
				key: "s3cret",
			},
		],
		[
			"Bedrock with a named AWS profile: no key",
			{
				apiProvider: "bedrock",
				apiModelId: "m",
				awsRegion: "us-east-1",
				awsUseProfile: true,
				awsProfile: "work",
			},
			{
				provider: {
					provider: "bedrock",
					modelId: "m",
					bedrock: { region: "us-east-1", auth: "profile", profile: "work" },
				},
			},
		],
		[
			"Vertex with a key file",
			{
				apiProvider: "vertex",
				apiModelId: "gemini-2.5-pro",
				vertexProjectId: "p1",
				vertexRegion: "us-central1",
				vertexKeyFile: "/k.json",
			},
			{
				provider: {
					provider: "vertex",
					modelId: "gemini-2.5-pro",
					vertex: { projectId: "p1", region: "us-central1", credentialsFile: "/k.json" },
				},
			},
		],
		[
			"OpenAI's own API (openai-native)",
			{ apiProvider: "openai-native", apiModelId: "gpt-5", openAiNativeApiKey: "sk-n" },
			{ provider: { provider: "openai", modelId: "gpt-5" }, key: "sk-n" },
		],
		[
			"an OpenAI-compatible endpoint with headers and a temperature",
			{
				apiProvider: "openai",
				openAiModelId: "qwen3",
				openAiBaseUrl: "http://localhost:8000/v1",
				openAiHeaders: { "x-team": "a" },
				modelTemperature: 0.2,
			},
			{
				provider: {
					provider: "openai",
					modelId: "qwen3",
					baseUrl: "http://localhost:8000/v1",
					headers: { "x-team": "a" },
					temperature: 0.2,
				},
			},
		],
	])("%s", (_what, roo, expected) => {
		expect(rooProfile(roo)).toEqual({ ok: true, ...expected })
	})

	it.each([
		[
			"Azure OpenAI",
			{ apiProvider: "openai", openAiModelId: "gpt-4o", openAiUseAzure: true },
			"unsupported_provider",
		],
		[
			"a provider Cairn does not speak",
			{ apiProvider: "deepseek", apiModelId: "deepseek-chat" },
			"unsupported_provider",
		],
		["no model", { apiProvider: "anthropic" }, "no_model"],
		["a field of the wrong type", { apiProvider: "anthropic", apiModelId: 7 }, "invalid"],
	])("skips %s", (_what, roo, reason) => {
		expect(rooProfile(roo)).toMatchObject({ ok: false, skipped: reason })
	})
})
