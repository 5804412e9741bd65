import { defaultSettings, type SkillSummary } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { SkillsSection } from "./SkillsSection"

const skills: SkillSummary[] = [
	{
		name: "lint-fix",
		description: "The team's lint fixes.",
		source: "cairn",
		folder: ".cairn/skills/lint-fix",
		enabled: true,
	},
	{
		name: "review",
		description: "My review checklist.",
		source: "global",
		folder: "/home/me/.cairn/settings/skills/review",
		enabled: false,
	},
	{
		name: "lint-fix",
		description: "Fixes lint errors.",
		source: "claude",
		folder: ".claude/skills/lint-fix",
		enabled: false,
		shadowedBy: "cairn",
	},
]

function renderSection(disabledSkills: string[]) {
	loadTask([], { settings: { ...defaultSettings(), disabledSkills } })
	render(<SkillsSection />)
	expect(posted).toEqual([])
	fireEvent.click(screen.getByRole("button", { name: "Show the skills" }))
	fromHost({
		type: "skills",
		skills,
		skipped: [".roo/skills/broken/SKILL.md has no description; the skill was left out"],
	})
}

describe("SkillsSection", () => {
	it("asks the host for the skills when asked to show them, and shows each one's source, folder and switch, a shadowed one without a switch", () => {
		renderSection(["review"])
		expect(posted).toContainEqual({ type: "requestSkills" })
		const [own, shadowed] = screen.getAllByRole("checkbox", { name: "lint-fix" }) as HTMLInputElement[]
		expect(own?.checked).toBe(true)
		expect(shadowed?.disabled).toBe(true)
		expect((screen.getByRole("checkbox", { name: "review" }) as HTMLInputElement).checked).toBe(false)
		expect(
			screen.getByText("Not used: .cairn/skills/lint-fix has the same name.", { exact: false }),
		).toBeTruthy()
		expect(screen.getByText("/home/me/.cairn/settings/skills/review")).toBeTruthy()
		expect(screen.getByRole("note").textContent).toBe(
			"Left out: .roo/skills/broken/SKILL.md has no description; the skill was left out",
		)
	})

	it("turning a skill off or on sends the whole list of names turned off, then lists the skills again", () => {
		renderSection(["review"])
		posted.length = 0
		fireEvent.click(screen.getAllByRole("checkbox", { name: "lint-fix" })[0]!)
		expect(posted).toEqual([
			{ type: "updateSettings", settings: { disabledSkills: ["review", "lint-fix"] } },
			{ type: "requestSkills" },
		])
		posted.length = 0
		fireEvent.click(screen.getByRole("checkbox", { name: "review" }))
		expect(posted).toEqual([
			{ type: "updateSettings", settings: { disabledSkills: ["lint-fix"] } },
			{ type: "requestSkills" },
		])
	})
})
