import type { ListedModel, ModelInfo, ProviderSettings } from "@cairn/types"
import type { TFunction } from "i18next"

export type InfoField = keyof ModelInfo

/** The provider settings with one override set, or removed (and no empty `modelInfo` left behind). */
export function withInfoField<K extends InfoField>(
	provider: ProviderSettings,
	key: K,
	value: ModelInfo[K] | undefined,
): ProviderSettings {
	const { [key]: _old, ...others } = provider.modelInfo ?? {}
	const modelInfo = value === undefined ? others : { ...others, [key]: value }
	const { modelInfo: _info, ...rest } = provider
	return Object.keys(modelInfo).length === 0 ? rest : { ...rest, modelInfo }
}

/**
 * The settings after picking a listed model: its id, and what the provider said of it kept in
 * `modelInfo`, so cost and the context bar are right even when the provider cannot be asked. The
 * person's own overrides of that same model stay; another model's are dropped with it.
 */
export function withPickedModel(provider: ProviderSettings, model: ListedModel): ProviderSettings {
	const own = provider.modelId === model.id ? provider.modelInfo : undefined
	const { modelInfo: _info, ...rest } = provider
	const modelInfo = { ...model.info, ...own }
	// An output cap the window cannot hold would be refused by the settings; the window wins.
	if (
		modelInfo.contextWindow !== undefined &&
		modelInfo.maxOutputTokens !== undefined &&
		modelInfo.maxOutputTokens >= modelInfo.contextWindow
	)
		delete modelInfo.maxOutputTokens
	return Object.keys(modelInfo).length === 0
		? { ...rest, modelId: model.id }
		: { ...rest, modelId: model.id, modelInfo }
}

/** "200k", "1M", "8,192": a token count as a person compares them. */
export function tokenCount(count: number): string {
	if (count >= 1_000_000 && count % 1_000_000 === 0) return `${count / 1_000_000}M`
	if (count >= 10_000) return `${Math.round(count / 1_000)}k`
	return count.toLocaleString("en-US")
}

/** One line about a model: its window, output cap and prices, as far as they are known. */
export function modelSummary(info: Partial<ModelInfo>, t: TFunction<"settings">): string {
	const parts: string[] = []
	if (info.contextWindow !== undefined)
		parts.push(t("models.context", { tokens: tokenCount(info.contextWindow) }))
	if (info.maxOutputTokens !== undefined)
		parts.push(t("models.output", { tokens: tokenCount(info.maxOutputTokens) }))
	if (info.priceUnknown === true) parts.push(t("models.priceUnknown"))
	else if (info.inputPrice !== undefined && info.outputPrice !== undefined)
		parts.push(
			info.inputPrice === 0 && info.outputPrice === 0
				? t("models.free")
				: t("models.prices", { input: info.inputPrice, output: info.outputPrice }),
		)
	// How fresh a catalog price is: the day it was compared with the provider's list.
	if (info.pricesCheckedOn !== undefined && info.priceUnknown !== true)
		parts.push(t("models.pricesCheckedOn", { date: info.pricesCheckedOn }))
	return parts.join(" · ")
}
