import { createHash } from "node:crypto"
import { toolNames } from "@cairn/types"

/** Anthropic's and OpenAI's limit on tool names. */
export const modelToolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/
const maxLength = 64
const hashLength = 8

/** One server tool to be named for the model. */
export interface ToolToName {
	source: "global" | "project"
	server: string
	tool: string
}

const clean = (text: string) => text.replace(/[^a-zA-Z0-9_-]/g, "_")

const hashOf = (tool: ToolToName) =>
	createHash("sha256")
		.update(`${tool.source}\0${tool.server}\0${tool.tool}`)
		.digest("hex")
		.slice(0, hashLength)

/**
 * Names server tools for the model: `mcp__<server>__<tool>`, with every character the providers
 * refuse replaced by `_`. A name that is too long, or that another tool already has (two names
 * that differ only in refused characters, a project server named like a global one), keeps its
 * first 55 characters and ends in `_` and 8 hex digits of a hash of source, server and tool:
 * stable across restarts, whatever else is connected. Global servers are named first, so a
 * project cannot take a name a person's own server had. Never a core tool's name.
 */
export function modelToolNames(tools: readonly ToolToName[]): string[] {
	const taken = new Set<string>(toolNames)
	const order = tools
		.map((tool, index) => ({ tool, index }))
		.sort((a, b) => (a.tool.source === b.tool.source ? 0 : a.tool.source === "global" ? -1 : 1))
	const names: string[] = new Array<string>(tools.length)
	for (const { tool, index } of order) {
		const plain = `mcp__${clean(tool.server)}__${clean(tool.tool)}`
		const name =
			plain.length <= maxLength && !taken.has(plain)
				? plain
				: `${plain.slice(0, maxLength - hashLength - 1)}_${hashOf(tool)}`
		taken.add(name)
		names[index] = name
	}
	return names
}
