import path from "node:path"
import type { Logger, SecretStore } from "../Host.js"
import { JsonFileStore } from "./jsonFileStore.js"

export const secretsFileName = "secrets.json"

/**
 * Secrets in a file only the user can read (0600), the way ~/.ssh and most CLIs keep tokens
 * when no OS keychain is at hand. Values are never logged: log lines name the file, not keys.
 */
export class FileSecretStore implements SecretStore {
	private readonly store: JsonFileStore

	constructor(storageDir: string, logger: Logger) {
		this.store = new JsonFileStore({
			file: path.join(storageDir, secretsFileName),
			logger,
			mode: 0o600,
			label: "secrets",
		})
	}

	async get(key: string): Promise<string | undefined> {
		const value = await this.store.get(key)
		return typeof value === "string" ? value : undefined
	}

	set(key: string, value: string): Promise<void> {
		return this.store.set(key, value)
	}

	delete(key: string): Promise<void> {
		return this.store.set(key, undefined)
	}
}
