import { describe, expect, it } from "vitest"
import type { ApiMessage } from "../providers/apiMessage.js"
import { viewMessages } from "./contextView.js"
import {
	type EnvironmentSection,
	environmentBlock,
	eventSection,
	sectionsSeen,
	stateSection,
	timeSection,
} from "./environmentSections.js"

const note = "Later messages repeat a section of these details only when it changes."

function sections(state: {
	/** ISO, to the minute. */
	time?: string
	mode?: string
	open?: string[]
	todo?: string
}): EnvironmentSection[] {
	return [
		timeSection(new Date(state.time ?? "2026-11-25T10:00Z")),
		stateSection("Mode", [state.mode ?? "code"]),
		stateSection("Open files", state.open ?? []),
		stateSection("Problems", []),
		state.todo === undefined ? stateSection("Todo list", []) : { text: state.todo, state: true },
	]
}

/** A conversation in which each user turn carried `blocks` (undefined: no details that turn). */
function conversation(blocks: (string | undefined)[]): ApiMessage[] {
	return blocks.flatMap((details, i): ApiMessage[] => [
		{
			role: "user",
			content: [
				{ type: "text", text: `turn ${i}` },
				...(details === undefined ? [] : [{ type: "text" as const, text: details }]),
			],
		},
		{ role: "assistant", content: [{ type: "text", text: `answer ${i}` }] },
	])
}

const send = (state: Parameters<typeof sections>[0], seen: ApiMessage[]) =>
	environmentBlock(sections(state), sectionsSeen(seen))

describe("environment details: only what the model has not seen", () => {
	it("the first turn gets every state section that has something in it, and says later ones are deltas", () => {
		expect(send({ open: ["src/a.ts"] }, [])).toBe(
			[
				"<environment_details>",
				note,
				"",
				"# Current time\n2026-11-25T10:00Z",
				"",
				"# Mode\ncode",
				"",
				"# Open files\nsrc/a.ts",
				"</environment_details>",
			].join("\n"),
		)
	})

	it("sends nothing when nothing changed", () => {
		const first = send({ open: ["src/a.ts"] }, [])
		expect(send({ open: ["src/a.ts"] }, conversation([first]))).toBeUndefined()
		// Nor after turns that themselves sent nothing.
		expect(send({ open: ["src/a.ts"] }, conversation([first, undefined, undefined]))).toBeUndefined()
	})

	it("sends only the section that changed, and what the model saw last counts", () => {
		const history = conversation([send({}, [])])
		const modeChanged = send({ mode: "architect" }, history)
		expect(modeChanged).toBe("<environment_details>\n# Mode\narchitect\n</environment_details>")
		history.push(...conversation([modeChanged]))
		expect(send({ mode: "architect" }, history)).toBeUndefined()
		expect(send({ mode: "code", time: "2026-11-25T11:05Z" }, history)).toBe(
			"<environment_details>\n# Current time\n2026-11-25T11:05Z\n\n# Mode\ncode\n</environment_details>",
		)
	})

	it("sends the time again once its hour differs from the one the model saw, not every minute", () => {
		const history = conversation([send({ time: "2026-11-25T10:00Z" }, [])])
		expect(send({ time: "2026-11-25T10:59Z" }, history)).toBeUndefined()
		const nextHour = send({ time: "2026-11-25T11:00Z" }, history)
		expect(nextHour).toBe(
			"<environment_details>\n# Current time\n2026-11-25T11:00Z\n</environment_details>",
		)
		history.push(...conversation([nextHour]))
		expect(send({ time: "2026-11-25T11:40Z" }, history)).toBeUndefined()
		// The day counts too: the same hour of the next day is news.
		expect(send({ time: "2026-11-26T11:00Z" }, history)).toContain("2026-11-26T11:00Z")
	})

	it("says a section became empty, and keeps quiet about one that was always empty", () => {
		const history = conversation([send({ open: ["a.ts"] }, [])])
		expect(send({ open: [] }, history)).toBe(
			"<environment_details>\n# Open files\n(none)\n</environment_details>",
		)
		expect(send({}, history)).not.toContain("# Problems")
	})

	it("a todo list is named by its heading whatever its progress, and sent when it changes", () => {
		const history = conversation([send({ todo: "# Todo list (0/1 done)\n- [ ] Fix it" }, [])])
		expect(send({ todo: "# Todo list (0/1 done)\n- [ ] Fix it" }, history)).toBeUndefined()
		expect(send({ todo: "# Todo list (1/1 done)\n- [x] Fix it" }, history)).toBe(
			"<environment_details>\n# Todo list (1/1 done)\n- [x] Fix it\n</environment_details>",
		)
	})

	it("event sections (changed files, the listing) are sent whenever they are given", () => {
		const history = conversation([send({}, [])])
		const changed = "# Files changed since you read them\na.ts (modified)"
		expect(environmentBlock([...sections({}), eventSection(changed)], sectionsSeen(history))).toBe(
			`<environment_details>\n${changed}\n</environment_details>`,
		)
	})

	it("after condensing, what the dropped messages said is sent again", () => {
		// Turn 0 (the task, always kept) said mode code; turn 1 said architect; the view keeps
		// only the task and the messages from turn 2's answer on.
		const history = conversation([
			send({}, []),
			"<environment_details>\n# Mode\narchitect\n</environment_details>",
			undefined,
		])
		const condensed = viewMessages(history, { keepFrom: 5, summary: "What happened.", omitted: 0 })
		expect(send({ mode: "architect" }, history)).toBeUndefined()
		expect(send({ mode: "architect" }, [...condensed])).toBe(
			"<environment_details>\n# Mode\narchitect\n</environment_details>",
		)
	})

	it("after a resume from disk (the history read back as JSON) it sends what it would have sent", () => {
		const history = conversation([
			send({ open: ["a.ts"] }, []),
			send({ open: ["b.ts"] }, conversation([send({ open: ["a.ts"] }, [])])),
		])
		const readBack = JSON.parse(JSON.stringify(history)) as ApiMessage[]
		expect(send({ open: ["b.ts"] }, readBack)).toBeUndefined()
		expect(send({ open: ["b.ts"], mode: "ask" }, readBack)).toBe(
			"<environment_details>\n# Mode\nask\n</environment_details>",
		)
	})

	it("reads the whole blocks of histories saved before deltas (time to the millisecond)", () => {
		const old =
			"<environment_details>\n# Current time\n2026-11-25T10:00:12.345Z\n\n# Mode\ncode\n</environment_details>"
		expect(send({}, conversation([old]))).toBeUndefined()
		expect(send({ time: "2026-11-25T11:00Z" }, conversation([old]))).toBe(
			"<environment_details>\n# Current time\n2026-11-25T11:00Z\n</environment_details>",
		)
	})
})
