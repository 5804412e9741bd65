import { readFile, stat } from "node:fs/promises"
import path from "node:path"
import { readMarkdownPage } from "./markdownPage.js"

/** A link that leads nowhere: where it is written and why. */
export interface DocsProblem {
	file: string
	line: number
	message: string
}

/** A scheme (`https:`, `mailto:`) or a protocol-relative `//host`: not a file of the repository. */
const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

/**
 * Every relative link and image of the pages (paths relative to `root`) must lead to a file or
 * folder inside `root`, and a `#fragment` to a heading of the Markdown page it names.
 */
export async function checkRelativeLinks(root: string, pages: readonly string[]): Promise<DocsProblem[]> {
	const problems: DocsProblem[] = []
	const anchorsOf = new Map<string, Promise<Set<string> | undefined>>()
	const anchors = (file: string) => {
		let read = anchorsOf.get(file)
		if (read === undefined) {
			read = readFile(file, "utf8").then(
				(text) => readMarkdownPage(text).anchors,
				() => undefined,
			)
			anchorsOf.set(file, read)
		}
		return read
	}
	for (const page of pages) {
		const file = path.join(root, page)
		const { links } = readMarkdownPage(await readFile(file, "utf8"))
		for (const { target, line } of links) {
			if (external.test(target)) continue
			const problem = await linkProblem(root, file, target, anchors)
			if (problem !== undefined) problems.push({ file: page, line, message: `${target}: ${problem}` })
		}
	}
	return problems
}

async function linkProblem(
	root: string,
	from: string,
	target: string,
	anchors: (file: string) => Promise<Set<string> | undefined>,
): Promise<string | undefined> {
	const hash = target.indexOf("#")
	const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash))
	const fragment = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1))
	// A path starting with "/" is from the repository's root, as GitHub reads it.
	const resolved =
		pathPart === "" ? from : path.join(pathPart.startsWith("/") ? root : path.dirname(from), pathPart)
	const inside = path.relative(root, resolved)
	if (inside.startsWith("..") || path.isAbsolute(inside)) return "leads outside the repository"
	const found = await stat(resolved).catch(() => undefined)
	if (found === undefined) return "no such file"
	if (fragment === undefined || fragment === "") return undefined
	if (!found.isFile() || !resolved.endsWith(".md"))
		return "an anchor into a file that is not a Markdown page"
	const headings = await anchors(resolved)
	return headings?.has(fragment) === true ? undefined : `no heading with the anchor #${fragment}`
}
