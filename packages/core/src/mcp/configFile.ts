import { watch, type FSWatcher } from "node:fs"
import path from "node:path"
import { applyEdits, modify, type JSONPath } from "./jsonc.js"
import type { ServersKey } from "./serverFiles.js"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { readRepositoryFile, UnreadFileError, type FileScope } from "../workspace/repositoryFile.js"

/** The content of a file a person starts a config from. */
export const emptyConfigText = '{\n\t"mcpServers": {}\n}\n'

/** Far above any config a person writes; a larger file is refused, not parsed in part. */
export const maxConfigFileBytes = 1 << 20

/**
 * The file's text; undefined when it does not exist. Other failures (a folder, no permission, a
 * link out of `scope`, a FIFO, a file past the cap) throw, an UnreadFileError saying why.
 */
export async function readConfigText(file: string, scope: FileScope): Promise<string | undefined> {
	const read = await readRepositoryFile(file, { ...scope, maxBytes: maxConfigFileBytes })
	if (read.kind === "absent") return undefined
	if (read.kind === "skipped") throw new UnreadFileError(read.reason)
	if (read.truncated)
		throw new UnreadFileError(
			`${file} is larger than ${maxConfigFileBytes / (1 << 20)} MB; it was not read`,
		)
	return read.text
}

/**
 * Calls `onText` with the file's text (undefined once it is gone) whenever it may have changed.
 * The folder is watched, not the file: editors save by writing a new file and renaming it over
 * the old one, which a watch on the old file never sees. Events come in bursts; they settle on
 * the read: one read at a time, another after it when events came meanwhile, and only text that
 * differs from the last reported reaches `onText`.
 */
export function watchConfigFile(
	file: string,
	scope: FileScope,
	initial: string | undefined,
	onText: (text: string | undefined) => void,
	onError: (error: Error) => void,
): { dispose(): void } {
	let last = initial
	let reading = false
	let again = false
	let disposed = false
	const readNow = async () => {
		if (reading) {
			again = true
			return
		}
		reading = true
		try {
			do {
				again = false
				const text = await readConfigText(file, scope).catch((error: unknown) => {
					onError(error instanceof Error ? error : new Error(String(error)))
					return last
				})
				if (!disposed && text !== last) {
					last = text
					onText(text)
				}
			} while (again && !disposed)
		} finally {
			reading = false
		}
	}
	const folderWatch = watchFolder(path.dirname(file), path.basename(file), () => void readNow(), onError)
	return {
		dispose() {
			disposed = true
			folderWatch.dispose()
		},
	}
}

/**
 * Watches `folder` for changes to `name`. A folder that does not exist yet (a workspace without
 * `.cairn`) is waited for in its parent, so creating it and the file later is seen too.
 */
function watchFolder(
	folder: string,
	name: string,
	onChange: () => void,
	onError: (error: Error) => void,
): { dispose(): void } {
	let watcher: FSWatcher | undefined
	let disposed = false
	const arm = () => {
		if (disposed) return
		watcher?.close()
		try {
			watcher = watch(folder, (_event, changed) => {
				if (changed === null || changed === name) onChange()
			})
			watcher.on("error", () => {
				// The folder went away: wait for it again in its parent.
				watcher?.close()
				watcher = waitForFolder()
				onChange()
			})
			onChange()
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
				onError(error instanceof Error ? error : new Error(String(error)))
				return
			}
			watcher = waitForFolder()
		}
	}
	const waitForFolder = (): FSWatcher | undefined => {
		try {
			const parent = watch(path.dirname(folder), (_event, changed) => {
				if (changed === null || changed === path.basename(folder)) arm()
			})
			parent.on("error", () => parent.close())
			return parent
		} catch {
			// Neither the folder nor its parent exists: a restart of the server picks the file up.
			return undefined
		}
	}
	arm()
	return {
		dispose() {
			disposed = true
			watcher?.close()
		},
	}
}

/** A change to one server's entry in a config file. */
export type ConfigEdit =
	| { kind: "setDisabled"; server: string; disabled: boolean }
	| { kind: "setAlwaysAllow"; server: string; tools: string[] }
	| { kind: "delete"; server: string }
	/** A new server's entry, as it is written in the file. */
	| { kind: "add"; server: string; entry: Record<string, unknown> }

/**
 * The file's text with `edit` applied and everything else (other servers and fields, comments,
 * indentation) as it was. The caller checks that the server is in the file (not yet, for "add").
 */
export function applyConfigEdit(
	text: string,
	edit: ConfigEdit,
	serversKey: ServersKey = "mcpServers",
): string {
	const serverPath: JSONPath = [serversKey, edit.server]
	const formattingOptions = { insertSpaces: !/^\t/m.test(text), tabSize: indentWidth(text), eol: "\n" }
	const change = (at: JSONPath, value: unknown) =>
		applyEdits(text, modify(text, at, value, { formattingOptions }))
	switch (edit.kind) {
		case "setDisabled":
			return change([...serverPath, "disabled"], edit.disabled)
		case "setAlwaysAllow":
			return change([...serverPath, "alwaysAllow"], edit.tools)
		case "delete":
			return change(serverPath, undefined)
		case "add":
			return change(serverPath, edit.entry)
	}
}

function indentWidth(text: string): number {
	const match = /^( +)\S/m.exec(text)
	return match?.[1]?.length ?? 2
}

/** Writes `text` so that a reader sees the old file or the new one, never half of it. Failures throw. */
export async function writeConfigText(file: string, text: string): Promise<void> {
	await writeFileAtomic(file, text, { createFolder: true })
}
