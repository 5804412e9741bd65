import path from "node:path"
import type { KeyValueStore, Logger } from "../Host.js"
import { JsonFileStore } from "./jsonFileStore.js"

export const stateFileName = "state.json"

/** Settings and other small values as one JSON file; `set(key, undefined)` removes a key. */
export class FileStateStore implements KeyValueStore {
	private readonly store: JsonFileStore

	constructor(storageDir: string, logger: Logger) {
		this.store = new JsonFileStore({ file: path.join(storageDir, stateFileName), logger, label: "state" })
	}

	get(key: string): Promise<unknown> {
		return this.store.get(key)
	}

	set(key: string, value: unknown): Promise<void> {
		return this.store.set(key, value)
	}
}
