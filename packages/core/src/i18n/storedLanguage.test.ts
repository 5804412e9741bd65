import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { storedLanguageSetting } from "./storedLanguage.js"

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function storageWith(state: string | undefined): Promise<string> {
	const temp = await makeTempDir("cairn-stored-language-")
	cleanups.push(temp.remove)
	if (state !== undefined) await writeFile(path.join(temp.dir, "state.json"), state)
	return temp.dir
}

describe("the language setting read straight from a storage folder", () => {
	it("is the saved one", async () => {
		expect(await storedLanguageSetting(await storageWith('{"settings":{"language":"ja"}}'))).toBe("ja")
	})

	it("takes an old default 'en' as auto until the settings are migrated, and a chosen one after", async () => {
		expect(await storedLanguageSetting(await storageWith('{"settings":{"language":"en"}}'))).toBe("auto")
		const migrated = '{"settings":{"language":"en"},"settings.languageFollowsEditor":true}'
		expect(await storedLanguageSetting(await storageWith(migrated))).toBe("en")
	})

	it("is undefined without a state file, a setting or valid JSON", async () => {
		expect(await storedLanguageSetting(await storageWith(undefined))).toBeUndefined()
		expect(await storedLanguageSetting(await storageWith('{"settings":{}}'))).toBeUndefined()
		expect(await storedLanguageSetting(await storageWith('{"settings": {"lang'))).toBeUndefined()
	})
})
