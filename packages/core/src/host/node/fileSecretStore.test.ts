import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../../test-support/recordingLogger.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { createFileLogger } from "./streamLogger.js"
import { NodeHost } from "./NodeHost.js"
import { secretsFileName } from "./fileSecretStore.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let storageDir: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-secrets-")
	storageDir = path.join(temp.dir, "storage")
})
afterEach(() => temp.remove())

const modeOf = async (file: string) => (await stat(file)).mode & 0o777

async function allFiles(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { withFileTypes: true, recursive: true })
	return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

describe("FileSecretStore", () => {
	it("keeps secrets in a 0600 file and reads them back in a new host", async () => {
		const host = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
		await host.secrets.set("anthropicApiKey", "sk-ant-123")
		expect(await modeOf(path.join(storageDir, secretsFileName))).toBe(0o600)
		expect((await stat(storageDir)).mode & 0o777).toBe(0o700)

		const again = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
		expect(await again.secrets.get("anthropicApiKey")).toBe("sk-ant-123")
		expect(await again.secrets.get("missing")).toBeUndefined()
	})

	it("deletes a secret", async () => {
		const host = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
		await host.secrets.set("a", "1")
		await host.secrets.set("b", "2")
		await host.secrets.delete("a")
		const fresh = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
		expect(await fresh.secrets.get("a")).toBeUndefined()
		expect(await fresh.secrets.get("b")).toBe("2")
	})

	it("tightens a secrets file that others could read, and says so", async () => {
		const file = path.join(storageDir, secretsFileName)
		const first = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
		await first.secrets.set("k", "v")
		await chmod(file, 0o644)

		const logger = recordingLogger()
		const host = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger })
		expect(await host.secrets.get("k")).toBe("v")
		expect(await modeOf(file)).toBe(0o600)
		expect(logger.entries.some((e) => e.level === "warn" && /permissions/.test(e.message))).toBe(true)
		expect(JSON.stringify(logger.entries)).not.toContain('"v"')
	})

	it("never lets a secret reach any other file: state, logs, leftovers of atomic writes", async () => {
		const logFile = path.join(storageDir, "logs", "debug.log")
		const host = new NodeHost({
			workspaceRoot: temp.dir,
			storageDir,
			logger: createFileLogger(logFile, "debug"),
		})
		const secret = "sk-very-secret-4242"
		await Promise.all([host.secrets.set("apiKey", secret), host.secrets.set("other", "x")])
		await host.state.set("settings", { provider: { name: "anthropic" } })
		await host.runCommand("true", { cwd: temp.dir, onOutput: () => undefined }).done
		host.logger.info("configured", { apiKey: secret })

		const files = await allFiles(storageDir)
		expect(files.map((f) => path.basename(f)).sort()).toEqual([
			"debug.log",
			secretsFileName,
			"state.json",
		])
		for (const file of files) {
			const text = await readFile(file, "utf8")
			if (path.basename(file) === secretsFileName) expect(text).toContain(secret)
			else expect(text, file).not.toContain(secret)
		}
	})

	it("keeps the last of many quick writes", async () => {
		const host = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
		await Promise.all(Array.from({ length: 20 }, (_, i) => host.secrets.set("k", String(i))))
		const fresh = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger: recordingLogger() })
		expect(await fresh.secrets.get("k")).toBe("19")
	})

	it("treats a corrupt secrets file as empty and keeps it aside", async () => {
		const { mkdir } = await import("node:fs/promises")
		await mkdir(storageDir, { recursive: true })
		await writeFile(path.join(storageDir, secretsFileName), "{ torn", { mode: 0o600 })
		const logger = recordingLogger()
		const host = new NodeHost({ workspaceRoot: temp.dir, storageDir, logger })
		expect(await host.secrets.get("k")).toBeUndefined()
		expect(logger.entries.some((e) => e.level === "error")).toBe(true)
		const names = await readdir(storageDir)
		expect(names.some((n) => n.startsWith(`${secretsFileName}.corrupt-`))).toBe(true)
	})
})
