import { memo } from "react"
import ReactMarkdown, { type Components } from "react-markdown"
import remarkGfm from "remark-gfm"
import { CodeBlock } from "./CodeBlock"
import "./content.css"

function textOf(node: { type: string; value?: string; children?: unknown[] }): string {
	if (node.type === "text") return node.value ?? ""
	return (node.children ?? []).map((child) => textOf(child as typeof node)).join("")
}

const components: Components = {
	// A fenced block: hand its text and language to CodeBlock, which draws its own <pre>.
	pre({ node }) {
		const code = node?.children[0]
		if (code?.type !== "element" || code.tagName !== "code") return null
		const classes = code.properties.className
		const languageClass = Array.isArray(classes)
			? classes.find((c) => String(c).startsWith("language-"))
			: undefined
		const language = languageClass === undefined ? undefined : String(languageClass).slice(9)
		return <CodeBlock code={textOf(code).replace(/\n$/, "")} language={language} />
	},
	// The webview's CSP admits no remote images; show where the image is instead of a broken one.
	img({ src, alt }) {
		const source = typeof src === "string" ? src : ""
		return (
			<a href={source} title={source}>
				{alt || source}
			</a>
		)
	},
	table({ children }) {
		return (
			<div className="markdown-table">
				<table>{children}</table>
			</div>
		)
	},
}

const plugins = [remarkGfm]

/**
 * The model's markdown, with GitHub extensions (tables, task lists, strikethrough). Raw HTML in
 * the text is shown as text, never interpreted.
 */
function MarkdownImpl({ text }: { text: string }) {
	return (
		<div className="markdown">
			<ReactMarkdown remarkPlugins={plugins} components={components}>
				{text}
			</ReactMarkdown>
		</div>
	)
}

export const Markdown = memo(MarkdownImpl)
