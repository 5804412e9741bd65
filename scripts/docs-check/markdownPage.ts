import type { Nodes, Root } from "mdast"
import { fromMarkdown } from "mdast-util-from-markdown"
import { gfmFromMarkdown } from "mdast-util-gfm"
import { toString } from "mdast-util-to-string"
import { gfm } from "micromark-extension-gfm"

/** What the checks read from one Markdown page, each with the line it starts on. */
export interface MarkdownPage {
	/** Link and image destinations, and reference definitions' (as written, not decoded). */
	links: { target: string; line: number }[]
	/** Code spans' text, and each line of fenced or indented code blocks. */
	code: { text: string; line: number; span: boolean }[]
	/** The anchors GitHub gives the page's headings, duplicates numbered as it numbers them. */
	anchors: Set<string>
}

/** Reads a page as GitHub does (CommonMark and its tables), so code is told from prose exactly. */
export function readMarkdownPage(markdown: string): MarkdownPage {
	const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
	const sourceLines = markdown.split("\n")
	const page: MarkdownPage = { links: [], code: [], anchors: new Set() }
	const slugs = new Map<string, number>()
	visit(tree, (node) => {
		const line = node.position?.start.line ?? 0
		if (node.type === "link" || node.type === "image" || node.type === "definition") {
			page.links.push({ target: node.url, line })
		} else if (node.type === "inlineCode") {
			page.code.push({ text: node.value, line, span: true })
		} else if (node.type === "code") {
			// A fenced block starts at its opening fence, an indented one at its first line of code.
			const fenced = /^\s*(`{3,}|~{3,})/.test(sourceLines[line - 1] ?? "")
			node.value
				.split("\n")
				.forEach((text, index) =>
					page.code.push({ text, line: line + index + (fenced ? 1 : 0), span: false }),
				)
		} else if (node.type === "heading") {
			const slug = githubSlug(toString(node))
			const seen = slugs.get(slug) ?? 0
			slugs.set(slug, seen + 1)
			page.anchors.add(seen === 0 ? slug : `${slug}-${seen}`)
		}
	})
	return page
}

/**
 * GitHub's anchor for a heading's text: lower case, spaces as dashes, and every character that is
 * not a letter, a digit, a mark, `-` or `_` dropped.
 */
export function githubSlug(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
		.replace(/ /g, "-")
}

function visit(node: Nodes | Root, onNode: (node: Nodes) => void): void {
	onNode(node)
	if ("children" in node) for (const child of node.children) visit(child, onNode)
}
