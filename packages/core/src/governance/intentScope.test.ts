import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
import type { Intent } from "./intentsFile.js"
import { IntentScope } from "./intentScope.js"

let temp: { dir: string; remove(): Promise<void> }
beforeEach(async () => {
	temp = await makeTempDir("cairn-scope-")
})
afterEach(() => temp.remove())

const intent = (owned_scope: string[]): Intent => ({
	id: "INT-1",
	name: "n",
	status: "IN_PROGRESS",
	owned_scope,
	constraints: [],
	acceptance_criteria: [],
})

async function judge(scope: IntentScope, requested: string) {
	const resolved = await resolveWorkspacePath(temp.dir, requested)
	if (!resolved.ok) throw new Error(resolved.error)
	return scope.judge(resolved.path)
}

describe("an intent's scope", () => {
	it("owns what its globs match, folders included", async () => {
		const scope = await IntentScope.load(temp.dir, intent(["src/auth/**", "./docs/", "README.md"]))
		expect(await judge(scope, "src/auth/login.ts")).toBe("owned")
		expect(await judge(scope, "src/auth/deep/er/x.ts")).toBe("owned")
		expect(await judge(scope, "docs/guide.md")).toBe("owned")
		expect(await judge(scope, "README.md")).toBe("owned")
		expect(await judge(scope, "src/billing/pay.ts")).toBe("outside")
		expect(await judge(scope, "src/auth")).toBe("outside")
	})

	it("never owns a path outside the workspace, even through ..", async () => {
		const scope = await IntentScope.load(temp.dir, intent(["**"]))
		expect(await judge(scope, "anything/at/all.ts")).toBe("owned")
		expect(await judge(scope, "../elsewhere.ts")).toBe("outside")
	})

	it("exempts what .intentignore lists, in gitignore syntax", async () => {
		await mkdir(path.join(temp.dir, ".orchestration"))
		await writeFile(
			path.join(temp.dir, ".orchestration/.intentignore"),
			"*.log\nbuild/*\n!build/keep.ts\n",
		)
		const scope = await IntentScope.load(temp.dir, intent(["src/**"]))
		expect(await judge(scope, "debug.log")).toBe("exempt")
		expect(await judge(scope, "build/out.js")).toBe("exempt")
		expect(await judge(scope, "build/keep.ts")).toBe("outside")
		expect(await judge(scope, "src/a.ts")).toBe("owned")
	})

	it("owns nothing when the intent declares no scope", async () => {
		const scope = await IntentScope.load(temp.dir, intent([]))
		expect(await judge(scope, "src/a.ts")).toBe("outside")
	})
})
