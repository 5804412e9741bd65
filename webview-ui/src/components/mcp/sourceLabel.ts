import type { McpSource } from "@cairn/types"

export const sourceLabel: Record<McpSource, string> = {
	global: "Global",
	project: "Project",
}
