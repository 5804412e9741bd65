import type { UiLanguage } from "@cairn/types"

export type CliMessages = Record<string, Record<string, string>>

const messages = (loaded: { default: CliMessages }) => loaded.default

/**
 * The CLI's text in each language, bundled into the binary (no files to find at run time) but
 * each language in a chunk of its own, read when it is chosen: a run shows one language (and
 * English where it lacks a text), so the other ten (half a megabyte) stay on disk.
 */
export const cliResources: Record<UiLanguage, () => Promise<CliMessages>> = {
	en: () => import("./locales/en.json", { with: { type: "json" } }).then(messages),
	"zh-CN": () => import("./locales/zh-CN.json", { with: { type: "json" } }).then(messages),
	"zh-TW": () => import("./locales/zh-TW.json", { with: { type: "json" } }).then(messages),
	ja: () => import("./locales/ja.json", { with: { type: "json" } }).then(messages),
	ko: () => import("./locales/ko.json", { with: { type: "json" } }).then(messages),
	es: () => import("./locales/es.json", { with: { type: "json" } }).then(messages),
	"pt-BR": () => import("./locales/pt-BR.json", { with: { type: "json" } }).then(messages),
	de: () => import("./locales/de.json", { with: { type: "json" } }).then(messages),
	fr: () => import("./locales/fr.json", { with: { type: "json" } }).then(messages),
	ru: () => import("./locales/ru.json", { with: { type: "json" } }).then(messages),
	tr: () => import("./locales/tr.json", { with: { type: "json" } }).then(messages),
}
