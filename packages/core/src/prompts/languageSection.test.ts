import { describe, expect, it } from "vitest"
import { buildSystemPrompt } from "./systemPrompt.js"

describe("the system prompt's language", () => {
	const base = {
		workspaceRoot: "/ws",
		mode: "code",
		toolNames: ["attempt_completion"],
		rules: [],
		customInstructions: "",
	}

	it("tells the model to speak to the user in the person's language, named in English with its tag", () => {
		const prompt = buildSystemPrompt({ ...base, language: "ja" })
		expect(prompt).toContain("LANGUAGE")
		expect(prompt).toContain("Speak to the user in Japanese (ja)")
		expect(buildSystemPrompt({ ...base, language: "zh-TW" })).toContain("Traditional Chinese (zh-TW)")
	})

	it("says nothing for English, whatever the region, nor without a language", () => {
		for (const language of ["en", "en-GB", undefined]) {
			const prompt = buildSystemPrompt({ ...base, ...(language && { language }) })
			expect(prompt).not.toContain("Speak to the user in")
		}
	})

	it("comes before the rules and instructions, so a rule asking for another language wins", () => {
		const prompt = buildSystemPrompt({
			...base,
			language: "de",
			rules: [{ source: "AGENTS.md", text: "Always answer in English." }],
			customInstructions: "Antworte auf Englisch.",
		})
		const language = prompt.indexOf("Speak to the user in German (de)")
		expect(language).toBeGreaterThan(0)
		expect(language).toBeLessThan(prompt.indexOf("RULES FROM AGENTS.md"))
		expect(language).toBeLessThan(prompt.indexOf("USER'S CUSTOM INSTRUCTIONS"))
	})
})
