import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { say } from "../../../test/fixtures"
import { MessageRow } from "../MessageRow"

describe("a use_skill row", () => {
	it("names the skill loaded and folds what the model was given", () => {
		const row = {
			tool: "useSkill",
			name: "release-notes",
			folder: ".claude/skills/release-notes",
			content: 'Skill "release-notes", from .claude/skills/release-notes:\n\nSKILL BODY',
		}
		render(
			<MessageRow
				message={say("tool", JSON.stringify(row))}
				isFirst={false}
				isLast={false}
				isCurrentRequest={false}
			/>,
		)
		expect(screen.getByText("Cairn loaded the skill release-notes")).toBeTruthy()
		expect(screen.queryByText(/SKILL BODY/)).toBeNull()
		fireEvent.click(screen.getByRole("button", { name: "Show instructions" }))
		expect(screen.getByText(/SKILL BODY/)).toBeTruthy()
	})
})
