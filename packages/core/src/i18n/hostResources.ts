import type { UiLanguage } from "@cairn/types"
import de from "./locales/de.json" with { type: "json" }
import en from "./locales/en.json" with { type: "json" }
import es from "./locales/es.json" with { type: "json" }
import fr from "./locales/fr.json" with { type: "json" }
import ja from "./locales/ja.json" with { type: "json" }
import ko from "./locales/ko.json" with { type: "json" }
import ptBR from "./locales/pt-BR.json" with { type: "json" }
import ru from "./locales/ru.json" with { type: "json" }
import tr from "./locales/tr.json" with { type: "json" }
import zhCN from "./locales/zh-CN.json" with { type: "json" }
import zhTW from "./locales/zh-TW.json" with { type: "json" }

/** The text the core writes for the person, in every language; bundled (no files to find at run time). */
export const hostResources: Record<UiLanguage, Record<string, Record<string, string>>> = {
	en,
	"zh-CN": zhCN,
	"zh-TW": zhTW,
	ja,
	ko,
	es,
	"pt-BR": ptBR,
	de,
	fr,
	ru,
	tr,
}
