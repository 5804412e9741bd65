import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { FileStateStore } from "../host/node/fileStateStore.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { grantConsent, RepositoryConsent, type RepositoryCode } from "./repositoryConsent.js"

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

	it("a slot keeps one file's consent apart from another's of the same kind: agreeing to one leaves the other's", async () => {
		const mcp = (file: string, content: string, slot?: string): RepositoryCode => ({
			kind: "projectMcpServers",
			workspaceRoot: "/repo",
			file,
			...(slot !== undefined && { slot }),
			content,
		})
		await grantConsent(state, mcp(".cairn/mcp.json", "own"))
		await grantConsent(state, mcp(".mcp.json", "claude's", ".mcp.json"))
		const nobodyAsked = new RepositoryConsent(state, undefined)
		expect(await nobodyAsked.decide(mcp(".cairn/mcp.json", "own"))).toEqual({ allowed: true })
		expect(await nobodyAsked.decide(mcp(".mcp.json", "claude's", ".mcp.json"))).toEqual({ allowed: true })
		expect((await nobodyAsked.decide(mcp(".roo/mcp.json", "own", ".roo/mcp.json"))).allowed).toBe(false)
	})

	it("covers the files the code names: a changed file asks again, as a changed content does", async () => {
		const asked: (string | undefined)[] = []
		const consent = new RepositoryConsent(state, (code) => {
			asked.push(code.files?.[0]?.state)
			return Promise.resolve(true)
		})
		const withScript = (state: string) => ({ ...hooks("a"), files: [{ path: "fmt.sh", state }] })
		await consent.decide(withScript("sha256 1"))
		expect(await consent.decide(withScript("sha256 1"))).toEqual({ allowed: true })
		expect(await consent.decide(withScript("sha256 2"))).toEqual({ allowed: true })
		expect(asked).toEqual(["sha256 1", "sha256 2"])
		// A consent given before files were named still holds for the content alone.
		await consent.decide(hooks("a"))
		expect(asked).toHaveLength(3)
	})

	it("refuses code whose files are only known when it runs, without asking, and cannot record a yes to it", async () => {
		const asked: string[] = []
		const consent = new RepositoryConsent(state, (code) => {
			asked.push(code.content)
			return Promise.resolve(true)
		})
		const dynamic = { ...hooks("a"), unknowableFiles: '"$SCRIPT" is only known when the hook runs' }
		expect(await consent.decide(dynamic)).toEqual({
			allowed: false,
			first: true,
			unknowableFiles: dynamic.unknowableFiles,
		})
		expect(await consent.decide(dynamic)).toMatchObject({ allowed: false, first: false })
		expect(asked).toEqual([])
		await expect(grantConsent(state, dynamic)).rejects.toThrow(/no consent can cover/)
	})

	it("says when no decision could be yes: nobody to ask and nothing agreed to before", async () => {
		expect(await new RepositoryConsent(state, undefined).mayAllow(hooks("a"))).toBe(false)
		expect(await new RepositoryConsent(state, () => Promise.resolve(false)).mayAllow(hooks("a"))).toBe(
			true,
		)
		await grantConsent(state, hooks("a"))
		expect(await new RepositoryConsent(state, undefined).mayAllow(hooks("b"))).toBe(true)
		expect(await new RepositoryConsent(state, undefined).mayAllow(hooks("b", "/other"))).toBe(false)
	})
})
