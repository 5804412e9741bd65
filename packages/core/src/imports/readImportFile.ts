import { realpath } from "node:fs/promises"
import { type FileScope, openRegularFile, readRepositoryFile } from "../workspace/repositoryFile.js"

/** Why an imported file could not be read; the message names the file, never its content. */
export class ImportFileError extends Error {}

/**
 * Reads a file to import from, through the one rule for files Cairn did not write: a regular
 * file opened without blocking (a FIFO cannot hang the host), no bigger than `maxBytes` (a bigger
 * one is refused, not cut). A file the person picked may be anywhere (a link to it is followed:
 * they chose it); one a repository holds (`scope`) must stay inside it. Undefined when there is no
 * such file.
 */
export async function readImportFile(
	file: string,
	maxBytes: number,
	scope?: FileScope,
): Promise<string | undefined> {
	if (scope !== undefined) {
		const read = await readRepositoryFile(file, { ...scope, maxBytes, shownAs: file })
		if (read.kind === "absent") return undefined
		if (read.kind === "skipped") throw new ImportFileError(read.reason)
		if (read.truncated) throw tooLarge(file, maxBytes)
		return read.text
	}
	const real = await realpath(file).catch((error: NodeJS.ErrnoException) => {
		if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined
		throw new ImportFileError(`${file} cannot be resolved (${error.code ?? "error"})`)
	})
	if (real === undefined) return undefined
	const opened = await openRegularFile(real)
	if (opened.kind === "absent") return undefined
	if (opened.kind === "skipped") throw new ImportFileError(`${file} ${opened.why}`)
	try {
		if (opened.info.size > maxBytes) throw tooLarge(file, maxBytes)
		return await opened.handle.readFile("utf8")
	} finally {
		await opened.handle.close()
	}
}

const tooLarge = (file: string, maxBytes: number) =>
	new ImportFileError(`${file} is larger than ${maxBytes} bytes and is not imported`)

/** readImportFile for a file that must be there. */
export async function requireImportFile(file: string, maxBytes: number, scope?: FileScope): Promise<string> {
	const text = await readImportFile(file, maxBytes, scope)
	if (text === undefined) throw new ImportFileError(`${file} does not exist`)
	return text
}

/**
 * Parses JSON from another tool's file. A syntax error says where, not what: the text around it
 * could be an API key.
 */
export function parseImportJson(file: string, text: string): unknown {
	try {
		return JSON.parse(text)
	} catch (error) {
		const at = /position (\d+)/.exec(String(error))?.[1]
		throw new ImportFileError(
			`${file} is not valid JSON${at === undefined ? "" : ` (at character ${at})`}`,
		)
	}
}
