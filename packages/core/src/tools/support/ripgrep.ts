import { spawn } from "node:child_process"
import { constants } from "node:fs"
import { access } from "node:fs/promises"
import { createInterface } from "node:readline"

/** Debian's ripgrep, for when the npm package's binary is missing (an unsupported platform, a bundle). */
const systemRipgrep = "/usr/bin/rg"

let located: Promise<string> | undefined

async function isExecutable(file: string): Promise<boolean> {
	try {
		await access(file, constants.X_OK)
		return true
	} catch {
		return false
	}
}

const loadPackage = async () => (await import("@vscode/ripgrep")).rgPath

/** The ripgrep binary: @vscode/ripgrep's, else the system's, else whatever `rg` is on PATH. */
export async function locateRipgrep(packagePath: () => Promise<string> = loadPackage): Promise<string> {
	try {
		// Imported lazily: the package throws at import time when its platform binary is absent.
		const rgPath = await packagePath()
		if (await isExecutable(rgPath)) return rgPath
	} catch {
		// Fall through to the system binary.
	}
	return (await isExecutable(systemRipgrep)) ? systemRipgrep : "rg"
}

/** Uses this ripgrep binary (e.g. the editor's own) instead of looking for one. */
export function useRipgrep(binary: string): void {
	located = Promise.resolve(binary)
}

/** locateRipgrep, once per process. */
export function ripgrepPath(): Promise<string> {
	located ??= locateRipgrep()
	return located
}

/**
 * Options every listing and search shares: .gitignore is honoured even outside a git
 * repository (ripgrep only reads it inside one by default), hidden files such as .github/ are
 * included, and .git itself never is.
 */
export const commonRipgrepArgs = ["--hidden", "--no-require-git", "--glob", "!.git"]

export interface RipgrepRun {
	/** 0 found something, 1 found nothing, 2 an error (such as an invalid regex). */
	exitCode: number | undefined
	stderr: string
	/** onLine asked to stop before ripgrep had finished. */
	stopped: boolean
}

/**
 * Runs ripgrep and hands over its output line by line; returning false from onLine ends it,
 * so a search with a million hits costs no more than the ones that are shown.
 */
export async function runRipgrep(
	args: readonly string[],
	options: { cwd: string; signal: AbortSignal; onLine: (line: string) => boolean },
): Promise<RipgrepRun> {
	const binary = await ripgrepPath()
	const child = spawn(binary, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] })
	let stderr = ""
	let stopped = false
	const stop = () => {
		stopped = true
		child.kill("SIGTERM")
	}
	child.stderr.setEncoding("utf8")
	child.stderr.on("data", (chunk: string) => {
		if (stderr.length < 8_000) stderr += chunk
	})
	const onAbort = () => stop()
	options.signal.addEventListener("abort", onAbort, { once: true })
	const lines = createInterface({ input: child.stdout, crlfDelay: Infinity })
	lines.on("line", (line) => {
		if (!stopped && !options.onLine(line)) {
			stop()
			lines.close()
		}
	})
	try {
		return await new Promise<RipgrepRun>((resolve, reject) => {
			child.on("error", (error) =>
				reject(new Error(`could not run ripgrep (${binary}): ${error.message}`)),
			)
			child.on("close", (code) =>
				resolve({ exitCode: code ?? undefined, stderr: stderr.trim(), stopped }),
			)
		})
	} finally {
		options.signal.removeEventListener("abort", onAbort)
	}
}
