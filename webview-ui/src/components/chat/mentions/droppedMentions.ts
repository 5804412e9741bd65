import { mentionText } from "@cairn/types"

/** The URI types VS Code's explorer and editor tabs put on a drag. */
const uriListTypes = ["application/vnd.code.uri-list", "text/uri-list"]

/**
 * Mentions for the files dropped from the editor (`@/src/a.ts`), relative to the workspace
 * folder `cwd`. Files outside the workspace cannot be mentioned and are left out.
 */
export function mentionsFromDrop(data: Pick<DataTransfer, "getData">, cwd: string | undefined): string[] {
	if (cwd === undefined) return []
	const list = uriListTypes.map((type) => data.getData(type)).find((value) => value.trim() !== "") ?? ""
	const root = cwd.replace(/\\/g, "/").replace(/\/+$/, "")
	return list
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line !== "" && !line.startsWith("#"))
		.flatMap((uri) => {
			const path = filePathOf(uri)
			if (path === undefined || !path.startsWith(`${root}/`)) return []
			return [mentionText({ kind: "file", path: path.slice(root.length) })]
		})
}

/** Local files, and the files of a remote workspace (code-server, SSH), whose paths are the host's. */
const fileSchemes = new Set(["file:", "vscode-remote:"])

function filePathOf(uri: string): string | undefined {
	try {
		const url = new URL(uri)
		if (!fileSchemes.has(url.protocol)) return undefined
		// Windows paths come as file:///c%3A/… : drop the slash before the drive letter.
		return decodeURIComponent(url.pathname).replace(/^\/([a-zA-Z]:)/, "$1")
	} catch {
		return undefined
	}
}
