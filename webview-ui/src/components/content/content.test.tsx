import { render, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { parseAnsi } from "./ansi"
import { CodeBlock } from "./CodeBlock"
import { languageOfPath, languageOfTag } from "./languages"
import { parseUnifiedDiff } from "./parseUnifiedDiff"

describe("parseUnifiedDiff", () => {
	it("numbers old and new lines from the hunk header and drops file headers", () => {
		const lines = parseUnifiedDiff("--- a/x\n+++ b/x\n@@ -10,3 +10,3 @@\n keep\n-old\n+new\n keep2\n")
		expect(lines).toEqual([
			{ kind: "hunk", text: "@@ -10,3 +10,3 @@" },
			{ kind: "context", text: "keep", oldNumber: 10, newNumber: 10 },
			{ kind: "remove", text: "old", oldNumber: 11 },
			{ kind: "add", text: "new", newNumber: 11 },
			{ kind: "context", text: "keep2", oldNumber: 12, newNumber: 12 },
		])
	})

	it("keeps the no-newline note", () => {
		expect(parseUnifiedDiff("@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file").at(-1)).toEqual({
			kind: "note",
			text: "\\ No newline at end of file",
		})
	})
})

describe("parseAnsi", () => {
	it("maps the 16 terminal colours and decorations to classes", () => {
		expect(parseAnsi("\u001b[1;33mwarn\u001b[0m ok")).toEqual([
			{ text: "warn", className: "ansi-fg-yellow ansi-bold" },
			{ text: " ok", className: "" },
		])
	})

	it("drops 256-colour and true-colour styling rather than leave the theme", () => {
		expect(parseAnsi("\u001b[38;5;208morange\u001b[0m")).toEqual([{ text: "orange", className: "" }])
	})

	it("leaves markup as text", () => {
		expect(parseAnsi("<b>not bold</b>")).toEqual([{ text: "<b>not bold</b>", className: "" }])
	})
})

describe("languages", () => {
	it("resolve fence tags and file names", () => {
		expect(languageOfTag("TS")).toBe("typescript")
		expect(languageOfTag("bash")).toBe("shellscript")
		expect(languageOfTag("brainfuck")).toBeUndefined()
		expect(languageOfPath("src/App.tsx")).toBe("tsx")
		expect(languageOfPath("docker/Dockerfile")).toBe("dockerfile")
		expect(languageOfPath("Makefile")).toBeUndefined()
	})
})

describe("CodeBlock", () => {
	it("shows plain text at once and syntax colours once the grammar has loaded", async () => {
		const { container } = render(<CodeBlock code={"const answer = 42 // why"} language="ts" />)
		expect(container.querySelector("code")?.textContent).toBe("const answer = 42 // why")
		// The grammar loads once the page is idle (util/whenIdle.ts), then colours appear.
		await waitFor(
			() => expect(container.querySelectorAll("code span[style]").length).toBeGreaterThan(2),
			{
				timeout: 5000,
			},
		)
		const colours = [...container.querySelectorAll<HTMLElement>("code span[style]")].map(
			(s) => s.style.color,
		)
		// Colours are the theme's CSS variables, never fixed values.
		expect(colours.every((c) => c.startsWith("var(--shiki-"))).toBe(true)
		expect(colours).toContain("var(--shiki-token-keyword)")
		expect(container.querySelector("code")?.textContent).toBe("const answer = 42 // why")
	})

	it("an unknown language stays plain text", () => {
		const { container } = render(<CodeBlock code="x" language="nope" />)
		expect(container.querySelector("code span")).toBeNull()
	})
})
