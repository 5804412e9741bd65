import { useTranslation } from "react-i18next"
import { memo, useEffect, useMemo, useState, type CSSProperties } from "react"
import { whenIdle } from "../../util/whenIdle"
import { CopyButton } from "../common/CopyButton"
import type * as Highlighter from "./highlighter"
import type { ThemedToken as Token } from "./highlighter"
import { languageOfTag } from "./languages"
import "./content.css"

type HighlighterModule = typeof Highlighter

// The highlighter is fetched on the first code block that needs it, never for first paint.
let highlighterModule: HighlighterModule | undefined
let highlighterLoad: Promise<HighlighterModule> | undefined

function loadHighlighter(): Promise<HighlighterModule> {
	highlighterLoad ??= import("./highlighter").then((module) => (highlighterModule = module))
	return highlighterLoad
}

// shiki's FontStyle flags.
const italic = 1
const bold = 2
const underline = 4

function tokenStyle(token: Token): CSSProperties {
	const flags = token.fontStyle ?? 0
	return {
		color: token.color,
		fontStyle: flags & italic ? "italic" : undefined,
		fontWeight: flags & bold ? "bold" : undefined,
		textDecoration: flags & underline ? "underline" : undefined,
	}
}

export interface CodeBlockProps {
	code: string
	/** A fence tag or language name; unknown ones show plain text. */
	language?: string
	/** Hidden for one-line snippets such as a path, where a copy button is noise. */
	copyable?: boolean
}

function CodeBlockImpl({ code, language, copyable = true }: CodeBlockProps) {
	const { t } = useTranslation("content")
	const lang = languageOfTag(language)
	const [loads, setLoads] = useState(0)
	const tokens = useMemo(
		() => (lang !== undefined ? highlighterModule?.tokensIfReady(code, lang) : undefined),
		// `loads` re-runs this once the grammar has arrived.
		[code, lang, loads],
	)
	const needsLoad = lang !== undefined && tokens === undefined
	useEffect(() => {
		if (!needsLoad) return
		let live = true
		const cancel = whenIdle(() => {
			loadHighlighter()
				.then((module) => module.prepare(lang))
				.then(
					() => live && setLoads((n) => n + 1),
					// A grammar that fails to load leaves the block as plain text, which is still readable.
					() => undefined,
				)
		})
		return () => {
			live = false
			cancel()
		}
	}, [needsLoad, lang])

	return (
		<div className="code-block">
			{(language || copyable) && (
				<div className="code-block-bar">
					<span className="code-block-language">{language}</span>
					{copyable && <CopyButton text={code} label={t("copyCode")} />}
				</div>
			)}
			<pre className="code-block-body" tabIndex={0}>
				<code>
					{tokens === undefined
						? code
						: tokens.map((line, i) => (
								<span className="code-line" key={i}>
									{line.map((token, j) => (
										<span key={j} style={tokenStyle(token)}>
											{token.content}
										</span>
									))}
									{i < tokens.length - 1 && "\n"}
								</span>
							))}
				</code>
			</pre>
		</div>
	)
}

export const CodeBlock = memo(CodeBlockImpl)
