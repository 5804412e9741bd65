import type { ProviderSettings } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { CheckboxField } from "../CheckboxField"
import { TextField } from "../TextField"

type Routing = NonNullable<ProviderSettings["openRouter"]>

/** The settings with OpenRouter's routing changed, and no empty routing left behind. */
export function withRouting(settings: ProviderSettings, change: Partial<Routing>): ProviderSettings {
	const merged: Routing = { ...settings.openRouter, ...change }
	const routing = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined))
	const { openRouter: _old, ...rest } = settings
	return Object.keys(routing).length === 0 ? rest : { ...rest, openRouter: routing }
}

/**
 * OpenRouter's provider routing: which of the providers serving the model to try first, whether
 * others may stand in, and whether providers that keep prompts may be used.
 */
export function OpenRouterFields({
	settings,
	onChange,
}: {
	settings: ProviderSettings
	onChange: (next: ProviderSettings) => void
}) {
	const { t } = useTranslation("settings")
	const routing = settings.openRouter ?? {}
	return (
		<>
			<TextField
				label={t("openRouter.order")}
				description={t("openRouter.orderDescription")}
				value={(routing.order ?? []).join(", ")}
				placeholder={t("openRouter.orderPlaceholder")}
				onCommit={(text) => {
					const order = text
						.split(",")
						.map((slug) => slug.trim())
						.filter(Boolean)
					onChange(withRouting(settings, { order: order.length > 0 ? order : undefined }))
				}}
			/>
			<CheckboxField
				label={t("openRouter.allowFallbacks")}
				description={t("openRouter.allowFallbacksDescription")}
				checked={routing.allowFallbacks ?? true}
				onChange={(allow) =>
					onChange(withRouting(settings, { allowFallbacks: allow ? undefined : false }))
				}
			/>
			<CheckboxField
				label={t("openRouter.denyDataCollection")}
				description={t("openRouter.denyDataCollectionDescription")}
				checked={routing.dataCollection === "deny"}
				onChange={(deny) =>
					onChange(withRouting(settings, { dataCollection: deny ? "deny" : undefined }))
				}
			/>
		</>
	)
}
