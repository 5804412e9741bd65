import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { FileStateStore } from "../host/node/fileStateStore.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { RepositoryConsent, type RepositoryCode } from "./repositoryConsent.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let state: FileStateStore
beforeEach(async () => {
	temp = await makeTempDir("cairn-consent-")
	state = new FileStateStore(temp.dir, recordingLogger())
})
afterEach(() => temp.remove())

const hooks = (content: string, workspaceRoot = "/repo"): RepositoryCode => ({
	kind: "workspaceHooks",
	workspaceRoot,
	file: ".cairn/hooks.json",
	content,
})

describe("consent to a repository's code", () => {
	it("without anyone to ask, refuses, and says so only the first time", async () => {
		const consent = new RepositoryConsent(state, undefined)
		expect(await consent.decide(hooks("a"))).toEqual({ allowed: false, first: true })
		expect(await consent.decide(hooks("a"))).toEqual({ allowed: false, first: false })
	})

	it("remembers a yes for that content in Cairn's storage, for that workspace only", async () => {
		const asked: string[] = []
		const yes = new RepositoryConsent(state, (code) => {
			asked.push(code.content)
			return Promise.resolve(true)
		})
		expect(await yes.decide(hooks("a"))).toEqual({ allowed: true })
		const later = new RepositoryConsent(new FileStateStore(temp.dir, recordingLogger()), undefined)
		expect(await later.decide(hooks("a"))).toEqual({ allowed: true })
		expect(await later.decide(hooks("a", "/other"))).toMatchObject({ allowed: false })
		expect(asked).toEqual(["a"])
	})

	it("asks again when the content changes, and a no is asked once per task", async () => {
		const answers = [true, false]
		const asked: string[] = []
		const consent = new RepositoryConsent(state, (code) => {
			asked.push(code.content)
			return Promise.resolve(answers.shift() ?? true)
		})
		await consent.decide(hooks("a"))
		expect(await consent.decide(hooks("b"))).toEqual({ allowed: false, first: true })
		expect(await consent.decide(hooks("b"))).toEqual({ allowed: false, first: false })
		expect(asked).toEqual(["a", "b"])
	})
})
