import { readFileSync } from "node:fs"
import path from "node:path"

interface ManifestChunk {
	file?: unknown
	isEntry?: unknown
	imports?: unknown
}

/**
 * The chunks the webview's entry script imports, directly or through each other, as paths under
 * the build folder, from the manifest Vite writes there (webview-ui/vite.config.ts). The page
 * preloads them, so they load alongside the entry rather than once it has been parsed. A build
 * without a readable manifest preloads nothing: the entry still imports what it needs.
 */
export function entryChunks(buildDir: string): string[] {
	let manifest: Record<string, ManifestChunk>
	try {
		manifest = JSON.parse(readFileSync(path.join(buildDir, "manifest.json"), "utf8")) as Record<
			string,
			ManifestChunk
		>
	} catch {
		return []
	}
	const files = new Set<string>()
	const visit = (keys: unknown) => {
		if (!Array.isArray(keys)) return
		for (const key of keys) {
			const chunk = typeof key === "string" ? manifest[key] : undefined
			if (typeof chunk?.file !== "string" || files.has(chunk.file)) continue
			files.add(chunk.file)
			visit(chunk.imports)
		}
	}
	visit(Object.values(manifest).find((chunk) => chunk.isEntry === true)?.imports)
	return [...files]
}
