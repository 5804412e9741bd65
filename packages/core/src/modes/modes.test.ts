import { describe, expect, it } from "vitest"
import { modeFor } from "./modes.js"

describe("modes", () => {
	it("Code may edit and run commands", () => {
		const code = modeFor("code")
		expect(code.tools.has("apply_diff")).toBe(true)
		expect(code.tools.has("execute_command")).toBe(true)
	})

	it("Ask and Architect may read and talk but not change anything", () => {
		for (const slug of ["ask", "architect"]) {
			const mode = modeFor(slug)
			expect(mode.tools.has("read_file")).toBe(true)
			expect(mode.tools.has("attempt_completion")).toBe(true)
			expect(mode.tools.has("write_to_file")).toBe(false)
			expect(mode.tools.has("execute_command")).toBe(false)
		}
	})

	it("an unknown mode falls back to Code", () => {
		expect(modeFor("no-such-mode").slug).toBe("code")
	})
})
