import { open } from "node:fs/promises"
import { constants } from "node:fs"

/** Why an imported file could not be read; the message names the file, never its content. */
export class ImportFileError extends Error {}

/**
 * Reads a file the person chose to import from: a regular file (a link is followed, the person
 * picked it), at most `maxBytes`, as UTF-8. Opened without blocking, so a FIFO cannot hang the host.
 */
export async function readImportFile(file: string, maxBytes: number): Promise<string> {
	let handle
	try {
		handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK)
	} catch (error) {
		throw new ImportFileError(
			`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
		)
	}
	try {
		const stat = await handle.stat()
		if (!stat.isFile()) throw new ImportFileError(`${file} is not a regular file`)
		if (stat.size > maxBytes)
			throw new ImportFileError(`${file} is larger than ${maxBytes} bytes and is not imported`)
		return await handle.readFile("utf8")
	} finally {
		await handle.close()
	}
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
