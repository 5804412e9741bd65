import type { McpServerInput } from "@cairn/types"

/** A server from a client's form as a person would write it in the config file: empty parts left out. */
export function configEntryOf(input: McpServerInput): Record<string, unknown> {
	const present = (map: Record<string, string>) => Object.keys(map).length > 0
	if (input.type === "stdio")
		return {
			command: input.command,
			...(input.args.length > 0 && { args: input.args }),
			...(present(input.env) && { env: input.env }),
		}
	return { type: input.type, url: input.url, ...(present(input.headers) && { headers: input.headers }) }
}
