import {
	ProviderError,
	recognizeContextOverflow,
	type ApiStreamChunk,
	type CreateMessageRequest,
	type ModelProvider,
} from "@cairn/core"
import type { ModelInfo, ProviderSettings } from "@cairn/types"
import * as vscode from "vscode"
import { toChatMessages, toChatTools } from "./vscodeLmMessages"

/**
 * A chat model of the editor's Language Model API (one another extension provides, such as
 * Copilot's), through `vscode.lm`. The API reports no usage, so tokens are counted with the
 * model's own `countTokens`: the input before the answer, the output after it.
 */
export class VsCodeLmProvider implements ModelProvider {
	readonly name = "vscode-lm" as const
	readonly model: { id: string; info: ModelInfo }

	constructor(
		private readonly settings: ProviderSettings,
		info: ModelInfo,
	) {
		this.model = { id: settings.modelId, info }
	}

	async *createMessage(request: CreateMessageRequest): AsyncIterable<ApiStreamChunk> {
		const cancel = new vscode.CancellationTokenSource()
		const onAbort = () => cancel.cancel()
		request.signal?.addEventListener("abort", onAbort, { once: true })
		try {
			const model = await this.chatModel()
			this.adoptLimits(model)
			const messages = toChatMessages(request.systemPrompt, request.messages)
			const inputTokens = await countAll(model, messages, cancel.token)
			yield { type: "usage", inputTokens, outputTokens: 0 }
			const response = await model.sendRequest(
				messages,
				{
					justification: vscode.l10n.t(
						"Cairn sends your task to the model you chose in its settings.",
					),
					...(request.tools.length > 0 && {
						tools: toChatTools(request.tools),
						toolMode: vscode.LanguageModelChatToolMode.Auto,
					}),
				},
				cancel.token,
			)
			let written = ""
			let calls = 0
			for await (const part of response.stream) {
				if (part instanceof vscode.LanguageModelTextPart) {
					written += part.value
					yield { type: "text", text: part.value }
				} else if (part instanceof vscode.LanguageModelToolCallPart) {
					const args = JSON.stringify(part.input ?? {})
					written += args
					const index = calls++
					// The API hands over each call whole; the partial lets the row show it as others do.
					yield {
						type: "tool_call_partial",
						index,
						id: part.callId,
						name: part.name,
						argumentsDelta: args,
					}
					yield { type: "tool_call", index, id: part.callId, name: part.name, arguments: args }
				}
			}
			const outputTokens = written === "" ? 0 : await model.countTokens(written, cancel.token)
			yield { type: "usage", inputTokens, outputTokens }
		} catch (error) {
			throw this.toProviderError(error, request.signal)
		} finally {
			request.signal?.removeEventListener("abort", onAbort)
			cancel.dispose()
		}
	}

	/**
	 * The editor says how much the model takes; that replaces the defaults (not what the person set
	 * in model info), from this request's accounting on.
	 */
	private adoptLimits(model: vscode.LanguageModelChat): void {
		const own = this.settings.modelInfo ?? {}
		this.model.info = {
			...this.model.info,
			...(own.contextWindow === undefined &&
				model.maxInputTokens > 0 && { contextWindow: model.maxInputTokens }),
		}
	}

	/** The model these settings name: by id, narrowed by vendor and family when they are set. */
	private async chatModel(): Promise<vscode.LanguageModelChat> {
		const { vendor, family } = this.settings.vscodeLm ?? {}
		const selector = {
			id: this.settings.modelId,
			...(vendor !== undefined && { vendor }),
			...(family !== undefined && { family }),
		}
		const [model] = await vscode.lm.selectChatModels(selector)
		if (model !== undefined) return model
		const available = (await vscode.lm.selectChatModels()).map((chat) => `${chat.id} (${chat.vendor})`)
		throw new ProviderError(
			"bad_request",
			`${
				vendor
					? vscode.l10n.t('VS Code has no language model "{model}" from {vendor}.', {
							model: this.settings.modelId,
							vendor,
						})
					: vscode.l10n.t('VS Code has no language model "{model}".', {
							model: this.settings.modelId,
						})
			} ${
				available.length === 0
					? vscode.l10n.t(
							"No extension provides one: install or sign in to one that does (e.g. GitHub Copilot Chat).",
						)
					: vscode.l10n.t("Models it has: {models}.", { models: available.join(", ") })
			}`,
		)
	}

	private toProviderError(error: unknown, signal: AbortSignal | undefined): ProviderError {
		if (error instanceof ProviderError) return error
		if (signal?.aborted === true || error instanceof vscode.CancellationError)
			return new ProviderError("aborted", vscode.l10n.t("The request was cancelled."), { cause: error })
		const message = error instanceof Error ? error.message : String(error)
		const detail = { model: this.settings.modelId, error: message }
		if (error instanceof vscode.LanguageModelError) {
			if (error.code === vscode.LanguageModelError.NoPermissions.name)
				return new ProviderError(
					"auth",
					vscode.l10n.t(
						'The VS Code language model "{model}" may not be used by Cairn: allow it when VS Code asks (or in the Accounts menu\'s "Manage Language Model Access"). {error}',
						detail,
					),
					{ cause: error },
				)
			if (error.code === vscode.LanguageModelError.NotFound.name)
				return new ProviderError(
					"bad_request",
					vscode.l10n.t('The VS Code language model "{model}" is gone: {error}', detail),
					{ cause: error },
				)
			if (error.code === vscode.LanguageModelError.Blocked.name)
				return new ProviderError(
					"rate_limit",
					vscode.l10n.t(
						'The VS Code language model "{model}" refused the request for now: {error}',
						detail,
					),
					{ cause: error },
				)
		}
		const overflow = recognizeContextOverflow(message)
		if (overflow !== undefined)
			return new ProviderError(
				"context_overflow",
				vscode.l10n.t(
					'The VS Code language model "{model}" could not take the whole conversation: {error}',
					detail,
				),
				{
					cause: error,
					...overflow,
				},
			)
		return new ProviderError(
			"server",
			vscode.l10n.t('The VS Code language model "{model}" failed: {error}', detail),
			{ cause: error },
		)
	}
}

async function countAll(
	model: vscode.LanguageModelChat,
	messages: vscode.LanguageModelChatMessage[],
	token: vscode.CancellationToken,
): Promise<number> {
	const counts = await Promise.all(messages.map((message) => model.countTokens(message, token)))
	return counts.reduce((sum, count) => sum + count, 0)
}
