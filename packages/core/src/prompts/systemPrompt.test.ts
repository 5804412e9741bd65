import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { buildSystemPrompt } from "./systemPrompt.js"
import { loadWorkspaceRules } from "./workspaceRules.js"

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe("buildSystemPrompt", () => {
	const base = {
		workspaceRoot: "/ws",
		mode: "code",
		rules: [],
		customInstructions: "",
	}

	it("describes the role for the mode, how tools are used and the workspace", () => {
		const prompt = buildSystemPrompt(base)
		expect(prompt).toContain("careful senior software engineer")
		expect(prompt).toContain("You act only through the tools, one call at a time")
		expect(prompt).toContain("Read a file before editing it.")
		expect(prompt).toContain("Workspace root: /ws")
		// The tools travel natively, each with its own description: the prompt does not repeat them.
		expect(prompt).not.toMatch(/read_file|apply_diff|attempt_completion/)
		expect(buildSystemPrompt({ ...base, mode: "ask" })).toContain("you do not change files")
	})

	it("names the mode, its file restriction and every mode's slug with when to use it", () => {
		const architect = buildSystemPrompt({ ...base, mode: "architect" })
		expect(architect).toContain("software architect")
		expect(architect).toContain("You are in Architect mode (architect).")
		expect(architect).toContain("may only change Markdown files (paths matching \\.md$|\\.mdx$)")
		for (const slug of ["code", "architect", "ask", "debug"])
			expect(architect).toMatch(new RegExp(`^- ${slug}: \\S`, "m"))
		expect(buildSystemPrompt(base)).not.toContain("may only change")
		expect(buildSystemPrompt({ ...base, mode: "no-such-mode" })).toContain("You are in Code mode (code).")
	})

	it("adds rules, ignore rules and custom instructions only when there are some", () => {
		expect(buildSystemPrompt(base)).not.toMatch(/RULES FROM|IGNORED FILES|CUSTOM INSTRUCTIONS/)
		const prompt = buildSystemPrompt({
			...base,
			rules: [{ source: "AGENTS.md", text: "Run npm test before finishing." }],
			ignoreRules: ".env",
			customInstructions: "Answer in British English.",
		})
		expect(prompt).toContain("RULES FROM AGENTS.md\n\nRun npm test before finishing.")
		expect(prompt).toContain("IGNORED FILES")
		expect(prompt).toContain("Answer in British English.")
	})
})

describe("loadWorkspaceRules", () => {
	it("reads AGENTS.md, then .cairn/rules/* in name order, skipping empty files", async () => {
		const temp = await makeTempDir()
		cleanups.push(temp.remove)
		await writeFile(path.join(temp.dir, "AGENTS.md"), "Be brief.")
		await mkdir(path.join(temp.dir, ".cairn", "rules"), { recursive: true })
		await writeFile(path.join(temp.dir, ".cairn", "rules", "b.md"), "Second.")
		await writeFile(path.join(temp.dir, ".cairn", "rules", "a.md"), "First.")
		await writeFile(path.join(temp.dir, ".cairn", "rules", "empty.md"), "  \n")
		expect(await loadWorkspaceRules(temp.dir)).toEqual([
			{ source: "AGENTS.md", text: "Be brief." },
			{ source: ".cairn/rules/a.md", text: "First." },
			{ source: ".cairn/rules/b.md", text: "Second." },
		])
	})

	it("finds nothing in a workspace without rules", async () => {
		const temp = await makeTempDir()
		cleanups.push(temp.remove)
		expect(await loadWorkspaceRules(temp.dir)).toEqual([])
	})
})
