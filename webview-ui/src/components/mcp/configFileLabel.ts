/**
 * A config file as short as still tells the tools apart: `.roo/mcp.json` rather than `mcp.json`
 * (every tool's file has that name), `.mcp.json` as it is. The full path is in the title.
 */
export function configFileLabel(file: string): string {
	const parts = file.split(/[\\/]/).filter((part) => part !== "")
	const name = parts.at(-1) ?? file
	const folder = parts.at(-2)
	return folder?.startsWith(".") ? `${folder}/${name}` : name
}
