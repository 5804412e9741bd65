// Loaded with a dynamic import by CodeBlock, so neither shiki nor any grammar is part of the
// first paint. The JavaScript regex engine is used instead of Oniguruma's WebAssembly because
// the webview's CSP has no 'wasm-unsafe-eval', with grammars whose regexes were converted to
// JavaScript at publish time: converting them at run time took ~700 ms for TypeScript's
// first block, precompiled ones ~140 ms (measured here in Node 20).
import {
	createCssVariablesTheme,
	createHighlighterCore,
	type HighlighterCore,
	type LanguageInput,
	type ThemedToken,
} from "shiki/core"
import { createJavaScriptRawEngine } from "shiki/engine/javascript"
import type { HighlightedLanguage } from "./languages"

/** Token colours are CSS variables, which index.css maps onto the editor's theme colours. */
const themeName = "cairn-vscode-variables"
const theme = createCssVariablesTheme({ name: themeName, variablePrefix: "--shiki-", fontStyle: true })

const grammars: Readonly<Record<HighlightedLanguage, () => LanguageInput>> = {
	typescript: () => import("@shikijs/langs-precompiled/typescript"),
	tsx: () => import("@shikijs/langs-precompiled/tsx"),
	javascript: () => import("@shikijs/langs-precompiled/javascript"),
	jsx: () => import("@shikijs/langs-precompiled/jsx"),
	json: () => import("@shikijs/langs-precompiled/json"),
	jsonc: () => import("@shikijs/langs-precompiled/jsonc"),
	shellscript: () => import("@shikijs/langs-precompiled/shellscript"),
	powershell: () => import("@shikijs/langs-precompiled/powershell"),
	python: () => import("@shikijs/langs-precompiled/python"),
	css: () => import("@shikijs/langs-precompiled/css"),
	scss: () => import("@shikijs/langs-precompiled/scss"),
	html: () => import("@shikijs/langs-precompiled/html"),
	xml: () => import("@shikijs/langs-precompiled/xml"),
	markdown: () => import("@shikijs/langs-precompiled/markdown"),
	diff: () => import("@shikijs/langs-precompiled/diff"),
	yaml: () => import("@shikijs/langs-precompiled/yaml"),
	toml: () => import("@shikijs/langs-precompiled/toml"),
	ini: () => import("@shikijs/langs-precompiled/ini"),
	rust: () => import("@shikijs/langs-precompiled/rust"),
	go: () => import("@shikijs/langs-precompiled/go"),
	java: () => import("@shikijs/langs-precompiled/java"),
	kotlin: () => import("@shikijs/langs-precompiled/kotlin"),
	c: () => import("@shikijs/langs-precompiled/c"),
	cpp: () => import("@shikijs/langs-precompiled/cpp"),
	csharp: () => import("@shikijs/langs-precompiled/csharp"),
	swift: () => import("@shikijs/langs-precompiled/swift"),
	ruby: () => import("@shikijs/langs-precompiled/ruby"),
	php: () => import("@shikijs/langs-precompiled/php"),
	sql: () => import("@shikijs/langs-precompiled/sql"),
	dockerfile: () => import("@shikijs/langs-precompiled/dockerfile"),
}

let highlighter: Promise<HighlighterCore> | undefined
const loading = new Map<HighlightedLanguage, Promise<void>>()

let loaded: HighlighterCore | undefined

function core(): Promise<HighlighterCore> {
	highlighter ??= createHighlighterCore({
		themes: [theme],
		langs: [],
		engine: createJavaScriptRawEngine(),
	}).then((shiki) => (loaded = shiki))
	return highlighter
}

function ensureLanguage(shiki: HighlighterCore, language: HighlightedLanguage): Promise<void> {
	let pending = loading.get(language)
	if (pending === undefined) {
		pending = shiki.loadLanguage(grammars[language]())
		loading.set(language, pending)
	}
	return pending
}

/** Recently highlighted blocks, so a row scrolled back into view shows colours at once. */
const cache = new Map<string, ThemedToken[][]>()
const cacheSize = 300
const ready = new Set<HighlightedLanguage>()

/** Loads the highlighter and a grammar; afterwards `tokensIfReady` answers synchronously. */
export async function prepare(language: HighlightedLanguage): Promise<void> {
	const shiki = await core()
	await ensureLanguage(shiki, language)
	ready.add(language)
}

/**
 * Tokens for `code`, computed synchronously so a streaming block never flickers between plain
 * and coloured; undefined until `prepare(language)` has finished.
 */
export function tokensIfReady(code: string, language: HighlightedLanguage): ThemedToken[][] | undefined {
	if (!ready.has(language) || loaded === undefined) return undefined
	const key = `${language}\u0000${code}`
	const hit = cache.get(key)
	if (hit !== undefined) return hit
	const { tokens } = loaded.codeToTokens(code, { lang: language, theme: themeName })
	cache.set(key, tokens)
	if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string)
	return tokens
}

export type { ThemedToken }
