import { afterEach, describe, expect, it } from "vitest"
import { useCliLanguage } from "../i18n/cliI18n.js"
import { createStyle } from "./style.js"
import { TextRenderer } from "./TextRenderer.js"
import { clipLines } from "./toolSummary.js"

const condense = { cost: 0.0125, prevContextTokens: 96_400, newContextTokens: 8_200 }

describe("TextRenderer", () => {
	it("prints context management as lines of their own, between the model's text", () => {
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({ type: "assistant", id: "m", delta: "Working", done: false })
		renderer.event({
			type: "system",
			subtype: "context_condensed",
			id: "c",
			...condense,
			summary: "The task so far.",
		})
		renderer.event({ type: "system", subtype: "condense_failed", id: "f", error: "no answer" })
		renderer.event({ type: "system", subtype: "context_truncated", id: "t" })
		expect(out).toBe(
			[
				"Working",
				"⇊ Context condensed: 96.4k → 8,200 tokens ($0.01)",
				"  The task so far.",
				"! Could not condense the context: no answer",
				"⇊ Older messages were dropped to fit the context window",
				"",
			].join("\n"),
		)
	})

	it("prints a background command's start and end, not its output", () => {
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({
			type: "tool_use",
			id: "t",
			name: "execute_command",
			kind: "command",
			input: { command: "npm run dev", background: true },
			approval: "ask",
		})
		const command = {
			type: "system",
			subtype: "background_command",
			id: "cmd_1",
			command: "npm run dev",
		} as const
		renderer.event({ ...command, state: "running" })
		renderer.event({ type: "background_output", id: "cmd_1", delta: "GET / 200\n" })
		renderer.event({ ...command, state: "ended", exit: { stopped: true }, stoppedBy: "task" })
		renderer.event({ ...command, id: "cmd_2", state: "ended", exit: { exitCode: 1 } })
		expect(out).toBe(
			[
				"$ npm run dev",
				"  ! runs on in the background until stopped or the task ends",
				"⧗ cmd_1 runs in the background: npm run dev",
				"■ cmd_1 ended (stopped when the task ended)",
				"■ cmd_2 ended (exit 1)",
				"",
			].join("\n"),
		)
	})

	it("prints the todo list the model keeps as its checklist, with how much is done", () => {
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({
			type: "tool_use",
			id: "t",
			name: "update_todo_list",
			kind: "updateTodoList",
			input: {
				todos: [
					{ id: "todo-1", content: "Read the failing test", status: "completed" },
					{ id: "todo-2", content: "Fix the parser", status: "in_progress" },
					{ id: "todo-3", content: "Run the tests", status: "pending" },
				],
			},
			approval: "auto",
		})
		expect(out).toBe(
			[
				"● Update the todo list (1/3 done)",
				"  [x] Read the failing test",
				"  [-] Fix the parser",
				"  [ ] Run the tests",
				"",
			].join("\n"),
		)
	})

	it("prints, for a command that asks, why and the allowed-command rule that would let it run unasked", () => {
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({
			type: "tool_use",
			id: "c",
			name: "execute_command",
			kind: "command",
			input: {
				command: "git log --oneline -5",
				reason: '"git …" is not in the allowed commands ("git log --oneline -5")',
				allowRules: ["git log"],
			},
			approval: "ask",
		})
		renderer.event({
			type: "tool_use",
			id: "w",
			name: "execute_command",
			kind: "command",
			input: { command: "git log > out.txt", reason: 'it writes to a file ("> out.txt")' },
			approval: "ask",
		})
		expect(out).toBe(
			[
				"$ git log --oneline -5",
				'  ! not auto-approved: "git …" is not in the allowed commands ("git log --oneline -5")',
				'  → to allow this from now on, add "git log" to "allowedCommands" in the settings in $CAIRN_HOME/state.json',
				"$ git log > out.txt",
				'  ! not auto-approved: it writes to a file ("> out.txt")',
				"",
			].join("\n"),
		)
	})
})

describe("TextRenderer in the person's language", () => {
	afterEach(() => useCliLanguage("en"))

	it("prints tool lines, context notices and the cost in German, numbers as German writes them (no-break space before $)", async () => {
		await useCliLanguage("de")
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({
			type: "tool_use",
			id: "r",
			name: "search_files",
			kind: "searchFiles",
			input: { path: "src", regex: "TODO" },
			approval: "auto",
		})
		renderer.event({ type: "system", subtype: "context_condensed", id: "c", ...condense, summary: "" })
		renderer.event({ type: "system", subtype: "condense_failed", id: "f", error: "keine Antwort" })
		renderer.result({
			type: "result",
			success: true,
			result: "",
			cost: 1.5,
			tokens: { input: 12_345, output: 2_345, cacheReads: 0, cacheWrites: 0 },
			requests: 3,
			taskId: undefined,
			exitCode: 0,
			reason: "completed",
		})
		expect(out).toBe(
			[
				"● Suchen in src nach /TODO/",
				"⇊ Kontext verdichtet: 96,4k → 8.200 Tokens (0,01\u00a0$)",
				"! Der Kontext konnte nicht verdichtet werden: keine Antwort",
				"Kosten 1,50\u00a0$ · 12,3k Tokens Eingabe · 2.345 Ausgabe",
				"",
			].join("\n"),
		)
	})

	it("says how many lines were left out by the language's plural rules", async () => {
		const lines = (count: number) => Array.from({ length: count }, (_, i) => `l${i}`).join("\n")
		expect(clipLines(lines(3), 2)).toBe("l0\nl1\n… 1 more line")
		await useCliLanguage("ru")
		expect(clipLines(lines(4), 2).split("\n").at(-1)).toBe("… ещё 2 строки")
		expect(clipLines(lines(7), 2).split("\n").at(-1)).toBe("… ещё 5 строк")
		expect(clipLines(lines(23), 2).split("\n").at(-1)).toBe("… ещё 21 строка")
	})

	it("tells the mentions left out of the person's message in German, each by its kind", async () => {
		await useCliLanguage("de")
		let out = ""
		const renderer = new TextRenderer((text) => (out += text), createStyle(false))
		renderer.event({ type: "user", id: "user_1", text: "fix @git-changes @/missing.ts" })
		renderer.event({
			type: "system",
			subtype: "mentions_left_out",
			id: "user_1",
			mentions: ["@git-changes", "@/missing.ts"],
		})
		expect(out).toBe(
			[
				"⚠ Nicht mit Ihrer Nachricht gesendet (das Modell weiß, warum):",
				"  @git-changes: hier konnten keine Git-Änderungen gelesen werden (liegt der Ordner in einem Git-Repository?)",
				"  @/missing.ts: die Datei konnte nicht gelesen werden (fehlt, ignoriert, binär oder zu groß)",
				"",
			].join("\n"),
		)
	})
})
