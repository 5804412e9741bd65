import * as vscode from "vscode"

interface Entry {
	bytes: Uint8Array
	mtime: number
	ctime: number
}

/**
 * An in-memory file system holding the right side of edit previews. Being a file system (not
 * a content provider) makes those documents editable, and saving one (Ctrl+S, or closing the
 * preview) stays in memory instead of opening a Save As dialog.
 */
export class ProposalFileSystem implements vscode.FileSystemProvider {
	private readonly files = new Map<string, Entry>()
	private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>()
	readonly onDidChangeFile = this.changes.event

	put(uri: vscode.Uri, text: string): void {
		const now = Date.now()
		this.files.set(uri.path, { bytes: new TextEncoder().encode(text), mtime: now, ctime: now })
	}

	text(uri: vscode.Uri): string | undefined {
		const entry = this.files.get(uri.path)
		return entry && new TextDecoder().decode(entry.bytes)
	}

	remove(uri: vscode.Uri): void {
		this.files.delete(uri.path)
	}

	stat(uri: vscode.Uri): vscode.FileStat {
		const entry = this.files.get(uri.path)
		if (entry !== undefined)
			return {
				type: vscode.FileType.File,
				ctime: entry.ctime,
				mtime: entry.mtime,
				size: entry.bytes.length,
			}
		// The proposal folders exist implicitly, so VS Code can resolve a file's parent.
		if ([...this.files.keys()].some((path) => path.startsWith(`${uri.path}/`)))
			return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 }
		throw vscode.FileSystemError.FileNotFound(uri)
	}

	readFile(uri: vscode.Uri): Uint8Array {
		const entry = this.files.get(uri.path)
		if (entry === undefined) throw vscode.FileSystemError.FileNotFound(uri)
		return entry.bytes
	}

	writeFile(uri: vscode.Uri, content: Uint8Array): void {
		const entry = this.files.get(uri.path)
		// Only proposals Cairn opened can be written; nothing new can be created here.
		if (entry === undefined) throw vscode.FileSystemError.NoPermissions(uri)
		entry.bytes = content
		entry.mtime = Date.now()
		this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }])
	}

	readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
		const prefix = `${uri.path.replace(/\/$/, "")}/`
		return [...this.files.keys()]
			.filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes("/"))
			.map((path) => [path.slice(prefix.length), vscode.FileType.File])
	}

	watch(): vscode.Disposable {
		// Changes come only from this provider, which fires them itself.
		return new vscode.Disposable(() => {})
	}

	createDirectory(uri: vscode.Uri): void {
		throw vscode.FileSystemError.NoPermissions(uri)
	}

	delete(uri: vscode.Uri): void {
		throw vscode.FileSystemError.NoPermissions(uri)
	}

	rename(uri: vscode.Uri): void {
		throw vscode.FileSystemError.NoPermissions(uri)
	}
}
