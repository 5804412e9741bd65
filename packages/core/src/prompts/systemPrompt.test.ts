import { describe, expect, it } from "vitest"
import { buildSystemPrompt } from "./systemPrompt.js"

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
