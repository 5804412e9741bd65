/** Roo Code's modes file at the workspace's root (YAML, or JSON, which YAML reads as well). */
export const rooModesFile = ".roomodes"

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value)

/** Roo's own bookkeeping in a mode, with no meaning for Cairn. */
const rooOnlyFields = new Set(["source", "description", "iconName"])

/**
 * One of Roo's custom modes in the shape of Cairn's: a group restricted to some files is Roo's
 * tuple `["edit", { fileRegex, description }]`, a mode need not say when to use it (its
 * description or the role's first line says it then), and Roo's bookkeeping is dropped. Anything
 * else is left as written, for Cairn's schema to accept or name as a problem.
 */
export function rooModeAsCairnMode(entry: unknown): unknown {
	if (!isObject(entry)) return entry
	const mode: Record<string, unknown> = {}
	for (const [key, value] of Object.entries(entry)) if (!rooOnlyFields.has(key)) mode[key] = value
	if (Array.isArray(entry.groups))
		mode.groups = entry.groups.map((group: unknown) =>
			Array.isArray(group) && group.length === 2 && typeof group[0] === "string" && isObject(group[1])
				? { group: group[0], ...group[1] }
				: group,
		)
	if (mode.whenToUse === undefined) {
		const roleLine =
			typeof entry.roleDefinition === "string" ? entry.roleDefinition.trim().split("\n")[0] : undefined
		const said =
			typeof entry.description === "string" && entry.description.trim() !== ""
				? entry.description
				: roleLine
		if (said !== undefined && said.trim() !== "") mode.whenToUse = said.slice(0, 1_000)
	}
	return mode
}
