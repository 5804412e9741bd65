import type { ProviderName, WebviewMessageOf } from "@cairn/types"
import { listModels, type ListingOptions } from "../providers/model-lists/listModels.js"
import { testConnection } from "../providers/model-lists/testConnection.js"
import type { Handler, HandlerContext } from "./handlerContext.js"
import { textFor } from "./personText.js"

/** The settings a request asks about (the view's, else the current profile's), with a model id or "". */
function askedSettings(
	context: HandlerContext,
	message: WebviewMessageOf<"requestModels" | "testConnection">,
) {
	const asked = message.provider ?? context.settingsStore.settings.provider
	return asked && { ...asked, modelId: asked.modelId ?? "" }
}

/** The key saved for the current profile and this provider (or, before profiles, for the provider). */
export async function savedApiKey(
	context: HandlerContext,
	provider: ProviderName,
): Promise<string | undefined> {
	const store = context.settingsStore
	const profile = store.currentProfile
	return (profile && (await store.profileApiKey(profile, provider))) ?? (await store.apiKey(provider))
}

/** What the host adds to the listing: the editor's own chat models, where there are some. */
export function listingOptions(context: HandlerContext): ListingOptions {
	const editorModels = context.host.languageModels?.bind(context.host)
	return editorModels === undefined ? {} : { editorModels }
}

/** The model picker's list and the "Test connection" button. */
export const modelListHandlers: {
	requestModels: Handler<"requestModels">
	testConnection: Handler<"testConnection">
} = {
	requestModels: async (context, message, reply) => {
		const settings = askedSettings(context, message)
		const answer = { type: "models", requestId: message.requestId } as const
		if (settings === undefined)
			return reply({ ...answer, models: [], error: textFor(context)("models.chooseProvider") })
		try {
			const models = await listModels(
				settings,
				await savedApiKey(context, settings.provider),
				listingOptions(context),
			)
			reply({ ...answer, provider: settings.provider, models })
		} catch (error) {
			const text = error instanceof Error ? error.message : String(error)
			reply({ ...answer, provider: settings.provider, models: [], error: text })
		}
	},
	testConnection: async (context, message, reply) => {
		const settings = askedSettings(context, message)
		const answer = { type: "connectionTested", requestId: message.requestId } as const
		if (settings === undefined)
			return reply({
				...answer,
				result: {
					ok: false,
					problem: "other",
					message: textFor(context)("models.chooseProvider"),
				},
			})
		const result = await testConnection(
			settings,
			await savedApiKey(context, settings.provider),
			listingOptions(context),
			textFor(context),
		)
		reply({ ...answer, result })
	},
}
