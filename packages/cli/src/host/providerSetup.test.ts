import { afterEach, describe, expect, it } from "vitest"
import { UsageError } from "../cli/exitCodes.js"
import { useCliLanguage } from "../i18n/cliI18n.js"
import {
	providerAfterFlags,
	runApiKey,
	selectionMessages,
	settingsMessages,
	type ProviderFlags,
} from "./providerSetup.js"

const none: ProviderFlags = {
	provider: undefined,
	model: undefined,
	baseUrl: undefined,
	contextWindow: undefined,
	maxOutputTokens: undefined,
	apiKey: undefined,
	mode: undefined,
	profile: undefined,
}
const stored = {
	provider: "openai" as const,
	modelId: "gpt-4.1",
	baseUrl: "http://localhost:1/v1",
	temperature: 0.2,
}

describe("Bedrock flags", () => {
	const nova = "amazon.nova-pro-v1:0"
	const bedrock = (
		flags: Partial<NonNullable<ProviderFlags["bedrock"]>>,
		rest: Partial<ProviderFlags> = {},
	) => ({
		...none,
		provider: "bedrock" as const,
		model: nova,
		...rest,
		bedrock: { region: undefined, auth: undefined, profile: undefined, accessKeyId: undefined, ...flags },
	})

	it("--region is required; the way to sign in follows from the flags given", () => {
		expect(() => providerAfterFlags(undefined, bedrock({}))).toThrow(
			/--region is required with --provider bedrock/,
		)
		const settings = (
			flags: Partial<NonNullable<ProviderFlags["bedrock"]>>,
			rest?: Partial<ProviderFlags>,
		) => providerAfterFlags(undefined, bedrock({ region: "eu-west-1", ...flags }, rest))?.bedrock
		expect(settings({})).toEqual({ region: "eu-west-1", auth: "defaultChain" })
		expect(settings({}, { apiKey: "ABSK" })).toEqual({ region: "eu-west-1", auth: "apiKey" })
		expect(settings({ accessKeyId: "AKID1" }, { apiKey: "secret" })).toEqual({
			region: "eu-west-1",
			auth: "accessKeys",
			accessKeyId: "AKID1",
		})
		expect(settings({ profile: "work" })).toEqual({
			region: "eu-west-1",
			auth: "profile",
			profile: "work",
		})
		expect(settings({ auth: "defaultChain", profile: "work" })).toEqual({
			region: "eu-west-1",
			auth: "defaultChain",
			profile: "work",
		})
		expect(() => settings({ auth: "accessKeys" })).toThrow(/--aws-access-key-id/)
	})

	it("change the stored Bedrock settings alone, keeping the rest; other providers refuse them", () => {
		const stored = {
			provider: "bedrock" as const,
			modelId: nova,
			bedrock: { region: "us-east-1", auth: "apiKey" as const, promptCache: true },
		}
		const only = (flags: Partial<NonNullable<ProviderFlags["bedrock"]>>) => ({
			...none,
			bedrock: {
				region: undefined,
				auth: undefined,
				profile: undefined,
				accessKeyId: undefined,
				...flags,
			},
		})
		expect(providerAfterFlags(stored, only({ region: "us-west-2" }))).toEqual({
			...stored,
			bedrock: { region: "us-west-2", auth: "apiKey", promptCache: true },
		})
		expect(providerAfterFlags(stored, only({ profile: "work" }))?.bedrock).toEqual({
			region: "us-east-1",
			auth: "profile",
			profile: "work",
			promptCache: true,
		})
		expect(providerAfterFlags(stored, only({}))).toBeUndefined()
		expect(() =>
			providerAfterFlags({ provider: "openai", modelId: "gpt-4.1" }, only({ region: "us-east-1" })),
		).toThrow(/need --provider bedrock/)
	})
})

describe("provider flags", () => {
	it("--provider switches provider with its default model; the same provider keeps what is stored", () => {
		expect(providerAfterFlags(stored, { ...none, provider: "anthropic" })).toEqual({
			provider: "anthropic",
			modelId: "claude-sonnet-4-5",
		})
		expect(providerAfterFlags(stored, { ...none, provider: "openai" })).toEqual(stored)
		expect(() => providerAfterFlags(undefined, { ...none, provider: "ollama" })).toThrow(
			/--model is required with --provider ollama/,
		)
	})

	it("--model and --base-url change the stored provider; nothing to change gives undefined", () => {
		expect(providerAfterFlags(stored, { ...none, model: "gpt-5" })).toEqual({
			...stored,
			modelId: "gpt-5",
		})
		expect(providerAfterFlags(stored, none)).toBeUndefined()
		expect(() => providerAfterFlags(undefined, none)).toThrow(/no model provider is configured/)
		expect(() => providerAfterFlags(undefined, { ...none, model: "x" })).toThrow(
			/--model needs --provider/,
		)
	})

	it("--context-window and --max-output-tokens set the model's overrides, keeping the others", () => {
		const withPrices = { ...stored, modelInfo: { inputPrice: 1 } }
		expect(providerAfterFlags(withPrices, { ...none, contextWindow: 32_768 })).toEqual({
			...stored,
			modelInfo: { inputPrice: 1, contextWindow: 32_768 },
		})
		expect(
			providerAfterFlags(stored, { ...none, provider: "openai", maxOutputTokens: 4096 })?.modelInfo,
		).toEqual({ maxOutputTokens: 4096 })
		expect(() => providerAfterFlags(undefined, { ...none, contextWindow: 8000 })).toThrow(
			/no model provider is configured/,
		)
	})

	it("an output cap as large as the window is refused, whichever of the two was stored", () => {
		const small = { ...stored, modelInfo: { contextWindow: 8000 } }
		expect(() => providerAfterFlags(small, { ...none, maxOutputTokens: 8000 })).toThrow(
			"--max-output-tokens (8000) must be smaller than the context window (8000)",
		)
		expect(providerAfterFlags(small, { ...none, maxOutputTokens: 2000 })?.modelInfo).toEqual({
			contextWindow: 8000,
			maxOutputTokens: 2000,
		})
	})

	it("overrides belong to the model they were set for: another model or provider drops them", () => {
		const tuned = { ...stored, modelInfo: { contextWindow: 8000 } }
		expect(providerAfterFlags(tuned, { ...none, model: "gpt-5" })).toEqual({
			...stored,
			modelId: "gpt-5",
		})
		expect(providerAfterFlags(tuned, { ...none, model: "gpt-4.1" })).toEqual(tuned)
		expect(providerAfterFlags(tuned, { ...none, provider: "anthropic" })?.modelInfo).toBeUndefined()
		expect(
			providerAfterFlags(tuned, { ...none, provider: "openai", model: "o3" })?.modelInfo,
		).toBeUndefined()
		expect(
			providerAfterFlags(tuned, { ...none, model: "gpt-5", contextWindow: 400_000 })?.modelInfo,
		).toEqual({ contextWindow: 400_000 })
	})

	it("--vertex-project-id, --vertex-region and --vertex-credentials-file go into the Vertex settings, both needed", () => {
		const vertex = { projectId: "proj", region: "us-east5" }
		expect(
			providerAfterFlags(stored, { ...none, provider: "vertex", model: "gemini-2.5-pro", vertex }),
		).toEqual({ provider: "vertex", modelId: "gemini-2.5-pro", vertex })
		const onVertex = { provider: "vertex" as const, modelId: "claude-sonnet-4-5@20250929", vertex }
		expect(
			providerAfterFlags(onVertex, { ...none, vertex: { credentialsFile: "/keys/sa.json" } }),
		).toEqual({
			...onVertex,
			vertex: { ...vertex, credentialsFile: "/keys/sa.json" },
		})
		expect(providerAfterFlags(onVertex, none)).toBeUndefined()
		expect(() =>
			providerAfterFlags(stored, {
				...none,
				provider: "vertex",
				model: "gemini-2.5-pro",
				vertex: { region: "eu" },
			}),
		).toThrow(/needs --vertex-project-id and --vertex-region/)
		expect(() => providerAfterFlags(stored, { ...none, vertex })).toThrow(/need --provider vertex/)
	})

	it("sends the changes as protocol messages", () => {
		expect(settingsMessages(stored, { ...none, contextWindow: 65_536 })).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { ...stored, modelInfo: { contextWindow: 65_536 } } },
			},
		])
		expect(settingsMessages(stored, { ...none, apiKey: "sk-1" })).toEqual([
			{ type: "updateApiKey", provider: "openai", apiKey: "sk-1" },
		])
	})

	it("selects the mode, then --profile by name (as a person reads it), which wins over the mode's", () => {
		const profiles = [
			{ id: "p-1", name: "Cloud", provider: stored },
			{ id: "p-2", name: "Local qwen", provider: { provider: "ollama" as const, modelId: "qwen3:8b" } },
		]
		expect(selectionMessages(profiles, { mode: "ask", profile: "local QWEN" })).toEqual([
			{ type: "mode", mode: "ask" },
			{ type: "selectProfile", profileId: "p-2" },
		])
		expect(selectionMessages(profiles, { mode: undefined, profile: undefined })).toEqual([])
	})

	it("an unknown --profile is a usage error naming the saved ones", () => {
		const profiles = [{ id: "p-1", name: "Cloud", provider: stored }]
		expect(() => selectionMessages(profiles, { mode: undefined, profile: "Work" })).toThrow(
			new UsageError('--profile: there is no profile "Work". Profiles: Cloud'),
		)
		expect(() => selectionMessages([], { mode: undefined, profile: "Work" })).toThrow(/none is saved yet/)
	})

	it("the run's key: --api-key for the provider in use, else the environment", () => {
		const env = { ANTHROPIC_API_KEY: "env-a", OPENAI_API_KEY: " " }
		expect(runApiKey("anthropic", { provider: "anthropic", apiKey: "flag" }, env)).toBe("flag")
		expect(runApiKey("anthropic", { provider: "openai", apiKey: "flag" }, env)).toBe("env-a")
		expect(runApiKey("openai", { provider: undefined, apiKey: undefined }, env)).toBeUndefined()
		expect(runApiKey("ollama", { provider: undefined, apiKey: undefined }, env)).toBeUndefined()
	})
})

describe("the provider flags' usage errors in the person's language", () => {
	afterEach(() => useCliLanguage("en"))

	it("name the flag and the value in Turkish, the flags themselves unchanged", async () => {
		await useCliLanguage("tr")
		expect(() => providerAfterFlags(undefined, { ...none, model: "gpt-4.1" })).toThrow(
			"--model için --provider gerekir: henüz model sağlayıcısı yapılandırılmadı",
		)
		expect(() => selectionMessages([], { mode: undefined, profile: "work" })).toThrow(
			'--profile: "work" profili yok: henüz hiç profil kaydedilmedi (önce bir sağlayıcı yapılandırın)',
		)
	})
})
