import type { ProviderName } from "@cairn/types"
import type { TFunction } from "i18next"

/** What the settings call a provider's fields, in the person's language (providerKinds holds the English). */
export interface ProviderText {
	label: string
	modelPlaceholder: string
	baseUrlLabel: string
	baseUrlDescription: string
	keyLabel: string
}

export function providerText(t: TFunction<"settings">, provider: ProviderName): ProviderText {
	return {
		label: t(`providers.${provider}.label`),
		modelPlaceholder: t(`providers.${provider}.modelPlaceholder`),
		baseUrlLabel: t(`providers.${provider}.baseUrlLabel`),
		baseUrlDescription: t(`providers.${provider}.baseUrlDescription`),
		keyLabel: t(`providers.${provider}.keyLabel`),
	}
}
