import { render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../i18n/showLanguage"
import { say } from "../../test/fixtures"
import { MessageRow } from "./MessageRow"

const renderRow = (message: ReturnType<typeof say>, isFirst = false) =>
	render(<MessageRow message={message} isFirst={isFirst} isLast={false} isCurrentRequest={false} />)

describe("mentions that could not be included", () => {
	it("are named on the person's message with why, not only told to the model", () => {
		renderRow(
			say("text", "what changed? @git-changes and @/src/gone.ts", {
				mentionsLeftOut: ["@git-changes", "@/src/gone.ts"],
			}),
			true,
		)
		const note = screen.getByRole("note")
		expect(note.textContent).toContain("Not included with your message (the model was told why):")
		const items = within(note)
			.getAllByRole("listitem")
			.map((item) => item.textContent)
		expect(items).toEqual([
			"@git-changes no git changes could be read here (is the folder in a git repository?)",
			"@/src/gone.ts the file could not be read (missing, ignored, binary or too large)",
		])
	})

	it("are told in the person's language", async () => {
		await showLanguage("de")
		renderRow(say("user_feedback", "@git-changes?", { mentionsLeftOut: ["@git-changes"] }))
		expect(screen.getByRole("note").textContent).toContain(
			"hier konnten keine Git-Änderungen gelesen werden (liegt der Ordner in einem Git-Repository?)",
		)
	})

	it("leave a message whose mentions were all included as it was", () => {
		renderRow(say("user_feedback", "see @/src/a.ts"))
		expect(screen.queryByRole("note")).toBeNull()
	})
})
