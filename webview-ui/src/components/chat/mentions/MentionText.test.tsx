import { render } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { MentionText } from "./MentionText"

describe("MentionText", () => {
	it("marks each mention and keeps the rest of the text as it is", () => {
		const { container } = render(
			<MentionText text="explain @/src/a.ts, then @problems. me@example.com" />,
		)
		expect(container.textContent).toBe("explain @/src/a.ts, then @problems. me@example.com")
		expect([...container.querySelectorAll(".mention")].map((m) => m.textContent)).toEqual([
			"@/src/a.ts",
			"@problems",
		])
	})
})
