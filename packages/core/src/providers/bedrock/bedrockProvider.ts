import type {
	BedrockRuntimeClient,
	ConverseStreamCommandInput,
	ConverseStreamOutput,
} from "@aws-sdk/client-bedrock-runtime"
import type { BedrockSettings, ModelInfo, ProviderSettings } from "@cairn/types"
import { claudeTraits, thinkingParams } from "../anthropic/anthropicProvider.js"
import { bedrockAuth, checkedBedrockSettings } from "./bedrockCredentials.js"
import { toBedrockError, type BedrockErrorContext } from "./bedrockErrors.js"
import { asDocument, toBedrockMessages, toBedrockSystem, toBedrockTools } from "./bedrockMessages.js"
import type { ApiStreamChunk, CreateMessageRequest, ModelProvider } from "../modelProvider.js"
import { outputReserve } from "../outputReserve.js"
import { ProviderError } from "../providerError.js"
import { checkStreamEnded, endpointLabel, sentenceStart } from "../providerErrors.js"
import { redactedError } from "../redactSecrets.js"
import { commonJsExports, lazy } from "../wireHelpers.js"

const loadSdk = lazy(() =>
	Promise.all([
		import("@aws-sdk/client-bedrock-runtime").then((sdk) => commonJsExports(sdk, "BedrockRuntimeClient")),
		import("@smithy/node-http-handler").then((http) => commonJsExports(http, "NodeHttpHandler")),
	]),
)

/** Where Bedrock's runtime answers in a region, when no base URL says otherwise. */
export function bedrockEndpoint(region: string): string {
	return `https://bedrock-runtime.${region}.amazonaws.com`
}

/** A connection that takes longer than this to open is reported, not waited on forever. */
const connectionTimeoutMs = 30_000

interface ToolInProgress {
	index: number
	id: string
	name: string
	args: string
}

/** Claude on Bedrock, e.g. `anthropic.claude-…` or the inference profile `us.anthropic.claude-…`. */
function isClaude(modelId: string): boolean {
	return /(^|\.)anthropic\.claude/.test(modelId)
}

/** AWS Bedrock over ConverseStream, one wire format for Claude, Nova, Llama and the rest. */
export class BedrockProvider implements ModelProvider {
	readonly name = "bedrock" as const
	readonly model: { id: string; info: ModelInfo }
	private readonly bedrock: BedrockSettings
	private client: Promise<BedrockRuntimeClient> | undefined

	/** `secret` is the profile's key: a Bedrock API key, or the access key's secret. */
	constructor(
		private readonly settings: ProviderSettings,
		private readonly secret: string | undefined,
		info: ModelInfo,
	) {
		this.bedrock = checkedBedrockSettings(settings, secret)
		this.model = { id: settings.modelId, info }
	}

	async *createMessage(request: CreateMessageRequest): AsyncIterable<ApiStreamChunk> {
		const context = this.errorContext(request.signal)
		let client: BedrockRuntimeClient | undefined
		try {
			const [sdk] = await loadSdk()
			client = await this.getClient()
			const response = await client.send(new sdk.ConverseStreamCommand(this.params(request)), {
				...(request.signal && { abortSignal: request.signal }),
			})
			context.answering = true
			if (response.stream === undefined)
				throw new ProviderError(
					"malformed_response",
					`${sentenceStart(endpointLabel(context))} sent no stream.`,
				)
			yield* this.read(response.stream, context)
		} catch (error) {
			throw redactedError(toBedrockError(error, context), await this.resolvedSecrets(client))
		}
	}

	private getClient(): Promise<BedrockRuntimeClient> {
		this.client ??= (async () => {
			const [sdk, { NodeHttpHandler }] = await loadSdk()
			const client = new sdk.BedrockRuntimeClient({
				region: this.bedrock.region,
				...(this.settings.baseUrl !== undefined && { endpoint: this.settings.baseUrl }),
				...(await bedrockAuth(this.bedrock, this.secret)),
				// The Task owns retries and shows each one to the person.
				maxAttempts: 1,
				// HTTP/1.1: ConverseStream needs no more, and proxies and VPC endpoints all speak it.
				requestHandler: new NodeHttpHandler({ connectionTimeout: connectionTimeoutMs }),
			})
			const headers = this.settings.headers
			if (headers)
				client.middlewareStack.add(
					(next) => (args) => {
						const request = args.request as { headers?: Record<string, string> }
						if (request.headers) Object.assign(request.headers, headers)
						return next(args)
					},
					// Before signing, so the signature covers them.
					{ step: "build", name: "cairnHeaders" },
				)
			return client
		})()
		// A client that failed to build (a credential module that did not load) is tried again.
		this.client.catch(() => (this.client = undefined))
		return this.client
	}

	/**
	 * The secrets the SDK found for itself (a profile's or the environment's secret key and
	 * session token), which a server could echo like any key.
	 */
	private async resolvedSecrets(client: BedrockRuntimeClient | undefined): Promise<string[]> {
		if (this.bedrock.auth !== "profile" && this.bedrock.auth !== "defaultChain") return []
		const identity = await client?.config.credentials().catch(() => undefined)
		return [identity?.secretAccessKey, identity?.sessionToken].filter((s): s is string => !!s)
	}

	private params(request: CreateMessageRequest): ConverseStreamCommandInput {
		const { id, info } = this.model
		const cache = info.supportsPromptCache && this.bedrock.promptCache === true
		const claude = isClaude(id)
		const thinking = claude ? thinkingParams(id, info, this.settings.reasoningBudgetTokens) : {}
		const temperature = this.settings.temperature
		// As with Anthropic: thinking needs the default temperature, the newest Claude takes no other.
		const sendTemperature =
			temperature !== undefined && !thinking.thinking && !(claude && claudeTraits(id).fixedSampling)
		const system = toBedrockSystem(request.systemPrompt, cache)
		return {
			modelId: id,
			messages: toBedrockMessages(request.messages, cache),
			...(system && { system }),
			...(request.tools.length > 0 && { toolConfig: { tools: toBedrockTools(request.tools) } }),
			inferenceConfig: {
				// The answer may take only what Cairn keeps free for it, so a request that fits the
				// rest of the window is never refused.
				maxTokens: outputReserve(info),
				...(sendTemperature && { temperature }),
			},
			// Claude's own request fields, passed through by Converse.
			...(thinking.thinking && { additionalModelRequestFields: asDocument(thinking) }),
		}
	}

	private async *read(
		stream: AsyncIterable<ConverseStreamOutput>,
		context: BedrockErrorContext,
	): AsyncGenerator<ApiStreamChunk> {
		// Tool calls are numbered 0, 1, ... in the normalized stream, whatever their block index.
		const tools = new Map<number, ToolInProgress>()
		let stopped = false
		for await (const event of stream) {
			if (event.contentBlockStart?.start?.toolUse) {
				const { toolUseId = "", name = "" } = event.contentBlockStart.start.toolUse
				const call = { index: tools.size, id: toolUseId, name, args: "" }
				tools.set(event.contentBlockStart.contentBlockIndex ?? 0, call)
				yield { type: "tool_call_partial", index: call.index, id: call.id, name, argumentsDelta: "" }
			} else if (event.contentBlockDelta?.delta) {
				const { delta, contentBlockIndex = 0 } = event.contentBlockDelta
				if (delta.text !== undefined && delta.text !== "") yield { type: "text", text: delta.text }
				const reasoning = delta.reasoningContent
				if (reasoning?.text !== undefined && reasoning.text !== "")
					yield { type: "reasoning", text: reasoning.text }
				// The signature arrives whole just before its reasoning block ends.
				if (reasoning?.signature !== undefined)
					yield { type: "reasoning", text: "", signature: reasoning.signature }
				const input = delta.toolUse?.input
				const call = tools.get(contentBlockIndex)
				if (call && input !== undefined && input !== "") {
					call.args += input
					yield { type: "tool_call_partial", index: call.index, argumentsDelta: input }
				}
			} else if (event.contentBlockStop) {
				const call = tools.get(event.contentBlockStop.contentBlockIndex ?? 0)
				// A tool without parameters may stream no input at all.
				if (call)
					yield {
						type: "tool_call",
						index: call.index,
						id: call.id,
						name: call.name,
						arguments: call.args || "{}",
					}
			} else if (event.messageStop) {
				stopped = true
			} else if (event.metadata?.usage) {
				// Bedrock reports usage once, after the answer; its input excludes the cached tokens.
				const usage = event.metadata.usage
				yield {
					type: "usage",
					inputTokens: usage.inputTokens ?? 0,
					outputTokens: usage.outputTokens ?? 0,
					cacheReadTokens: usage.cacheReadInputTokens ?? 0,
					cacheWriteTokens: usage.cacheWriteInputTokens ?? 0,
				}
			}
		}
		checkStreamEnded(context, stopped)
	}

	private errorContext(signal: AbortSignal | undefined): BedrockErrorContext {
		return {
			provider: "bedrock",
			modelId: this.model.id,
			endpoint: this.settings.baseUrl ?? bedrockEndpoint(this.bedrock.region),
			customEndpoint: this.settings.baseUrl !== undefined,
			bedrock: this.bedrock,
			...(signal && { signal }),
		}
	}
}
