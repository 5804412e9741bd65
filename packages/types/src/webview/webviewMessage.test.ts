import { describe, expect, it } from "vitest"
import { seededRandom } from "../test-support/random.js"
import { maxTextLength } from "./limits.js"
import { parseWebviewMessage, webviewMessageTypes, type WebviewMessage } from "./webviewMessage.js"

const png = "data:image/png;base64,iVBORw0KGgo="

/** One valid example of every message type. */
const valid: Record<WebviewMessage["type"], WebviewMessage> = {
	webviewDidLaunch: { type: "webviewDidLaunch" },
	requestState: { type: "requestState" },
	newTask: { type: "newTask", text: "Refactor calculateTotal", images: [png] },
	askResponse: { type: "askResponse", askResponse: "messageResponse", text: "yes, go on" },
	clearTask: { type: "clearTask" },
	cancelTask: { type: "cancelTask" },
	condenseTaskContextRequest: { type: "condenseTaskContextRequest" },
	terminalOperation: { type: "terminalOperation", terminalOperation: "abort" },
	stopBackgroundCommand: { type: "stopBackgroundCommand", id: "cmd_1" },
	showTaskWithId: { type: "showTaskWithId", taskId: "3f2c-11aa_b" },
	deleteTaskWithId: { type: "deleteTaskWithId", taskId: "3f2c-11aa" },
	exportTaskWithId: { type: "exportTaskWithId", taskId: "3f2c-11aa" },
	updateSettings: {
		type: "updateSettings",
		settings: { autoApproval: { readOnly: true }, commandTimeoutSec: 30 },
	},
	updateTrustSettings: { type: "updateTrustSettings", settings: { commandSandbox: false } },
	updateApiKey: { type: "updateApiKey", provider: "anthropic", profileId: "p-1", apiKey: "sk-test" },
	mode: { type: "mode", mode: "architect" },
	selectImages: { type: "selectImages" },
	openFile: { type: "openFile", path: "src/app.ts", line: 12 },
	checkpointRestore: { type: "checkpointRestore", ts: 1_700_000_000_123, mode: "filesAndTask" },
	checkpointDiff: { type: "checkpointDiff", ts: 1_700_000_000_123, since: "task" },
	deleteMessage: { type: "deleteMessage", ts: 1_700_000_000_100, restoreFiles: false },
	editMessage: {
		type: "editMessage",
		ts: 1_700_000_000_100,
		restoreFiles: true,
		text: "Use a Map instead",
		images: [png],
	},
	searchFiles: { type: "searchFiles", query: "src/chat", requestId: 7 },
	requestMessagePage: {
		type: "requestMessagePage",
		taskId: "3f2c-11aa",
		anchor: { kind: "before", ts: 1_700_000_000_100 },
	},
	searchTaskMessages: { type: "searchTaskMessages", taskId: "3f2c-11aa", requestId: 3, query: "npm test" },
	requestCodebaseIndexStatus: { type: "requestCodebaseIndexStatus" },
	requestSkills: { type: "requestSkills" },
	requestTaskBoard: { type: "requestTaskBoard" },
	requestFleetRecentRuns: { type: "requestFleetRecentRuns" },
	openFleetReport: { type: "openFleetReport", folder: "/work/results" },
	showFleetTaskDiff: { type: "showFleetTaskDiff", folder: "/work/results", id: "bump-lodash" },
	openFleetTaskRecord: { type: "openFleetTaskRecord", folder: "/work/results", id: "bump-lodash" },
	startBoardTask: {
		type: "startBoardTask",
		text: "add a flag",
		place: { kind: "worktree", base: "main", name: "flag" },
		profileIds: ["p1", "p2"],
	},
	answerCard: { type: "answerCard", taskId: "t1", ts: 5, askResponse: "yesButtonClicked" },
	cancelCard: { type: "cancelCard", taskId: "t1" },
	showCardEdit: { type: "showCardEdit", taskId: "t1" },
	resumeCard: { type: "resumeCard", taskId: "t1" },
	reviewCard: { type: "reviewCard", taskId: "t1" },
	runCardChecks: { type: "runCardChecks", taskId: "t1" },
	initRepository: { type: "initRepository" },
	landCard: { type: "landCard", taskId: "t1", how: "merge" },
	discardCard: { type: "discardCard", taskId: "t1", confirmedLoss: ["a.ts (uncommitted)"] },
	codebaseIndexControl: { type: "codebaseIndexControl", action: "stop" },
	updateCodebaseIndexKey: { type: "updateCodebaseIndexKey", apiKey: "sk-index" },
	requestMcpServers: { type: "requestMcpServers" },
	restartMcpServer: { type: "restartMcpServer", serverName: "files", source: "global" },
	toggleMcpServer: { type: "toggleMcpServer", serverName: "files", source: "project", disabled: true },
	deleteMcpServer: { type: "deleteMcpServer", serverName: "files", source: "global" },
	addMcpServer: {
		type: "addMcpServer",
		serverName: "files",
		source: "global",
		server: { type: "stdio", command: "npx", args: ["-y", "pkg"], env: {} },
	},
	alwaysAllowCommand: { type: "alwaysAllowCommand", ts: 1_700_000_000_000, rules: ["git log"] },
	toggleToolAlwaysAllow: {
		type: "toggleToolAlwaysAllow",
		serverName: "files",
		source: "global",
		toolName: "read_text_file",
		alwaysAllow: true,
	},
	openMcpSettings: { type: "openMcpSettings", source: "project" },
	saveCustomMode: {
		type: "saveCustomMode",
		source: "global",
		mode: {
			slug: "docs-writer",
			name: "Docs Writer",
			roleDefinition: "You write documentation.",
			whenToUse: "Writing docs.",
			groups: [{ group: "read" }],
		},
		previousSlug: "docs",
	},
	deleteCustomMode: { type: "deleteCustomMode", source: "project", slug: "docs-writer" },
	exportMode: { type: "exportMode", slug: "architect" },
	importModes: { type: "importModes", source: "global", text: "customModes: []\n" },
	openModesFile: { type: "openModesFile", source: "project" },
	requestSlashCommands: { type: "requestSlashCommands" },
	requestInstructionFiles: { type: "requestInstructionFiles" },
	updateTodoList: {
		type: "updateTodoList",
		todos: [
			{ id: "todo-1", content: "Write the parser", status: "completed" },
			{ content: "A step the person added", status: "pending" },
		],
	},
	selectProfile: { type: "selectProfile", profileId: "p-2" },
	createProfile: { type: "createProfile", name: "Local qwen" },
	renameProfile: { type: "renameProfile", profileId: "p-2", name: "Work" },
	deleteProfile: { type: "deleteProfile", profileId: "p-2" },
	importProfiles: { type: "importProfiles", text: '{"cairnProfiles":1,"profiles":[]}' },
	exportProfiles: { type: "exportProfiles" },
	importFromRoo: { type: "importFromRoo", what: "tasks" },
	importClaudeRules: { type: "importClaudeRules", apply: false },
	startDemo: { type: "startDemo" },
	startDemoTask: { type: "startDemoTask", text: "Show me the demo" },
	removeDemo: { type: "removeDemo" },
	requestModels: { type: "requestModels", requestId: 3, provider: { provider: "lmstudio" } },
	testConnection: {
		type: "testConnection",
		requestId: 4,
		provider: { provider: "openai", modelId: "qwen3", baseUrl: "http://localhost:8000/v1" },
	},
}

describe("parseWebviewMessage accepts", () => {
	it.each(Object.values(valid))("a valid $type message", (message) => {
		expect(parseWebviewMessage(message)).toEqual({ success: true, data: message })
	})

	it("every type of the union has an example above", () => {
		expect(Object.keys(valid).sort()).toEqual([...webviewMessageTypes].sort())
	})

	it("and drops fields the type does not have", () => {
		const result = parseWebviewMessage({ type: "clearTask", extra: "ignored" })
		expect(result).toEqual({ success: true, data: { type: "clearTask" } })
	})
})

describe("parseWebviewMessage rejects with a precise error", () => {
	const errorOf = (input: unknown) => {
		const result = parseWebviewMessage(input)
		if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`)
		return result.error
	}

	it("a value that is not an object", () => {
		expect(errorOf("newTask")).toBe("a message must be a JSON object")
		expect(errorOf(null)).toBe("a message must be a JSON object")
		expect(errorOf([valid.newTask])).toBe("a message must be a JSON object")
	})

	it("a missing or non-string type", () => {
		expect(errorOf({ text: "hi" })).toBe("a message needs a string `type`")
		expect(errorOf({ type: 7 })).toBe("a message needs a string `type`")
	})

	it("an unknown type, naming it", () => {
		expect(errorOf({ type: "deleteEverything" })).toBe('unknown message type "deleteEverything"')
	})

	it("a missing field, naming the type and the field", () => {
		expect(errorOf({ type: "askResponse" })).toMatch(/^askResponse: askResponse: /)
	})

	it("a value outside an enum", () => {
		expect(errorOf({ type: "terminalOperation", terminalOperation: "pause" })).toMatch(
			/terminalOperation/,
		)
	})

	it("a task id that could climb out of the tasks folder", () => {
		expect(errorOf({ type: "deleteTaskWithId", taskId: "../../etc" })).toMatch(/taskId: a task id is/)
		expect(errorOf({ type: "showTaskWithId", taskId: "" })).toMatch(/taskId/)
	})

	it("text longer than the limit", () => {
		expect(errorOf({ type: "newTask", text: "x".repeat(maxTextLength + 1) })).toMatch(/longer than/)
	})

	it("a profile without a name", () => {
		expect(errorOf({ type: "createProfile", name: "  " })).toMatch(/name: a profile needs a name/)
		expect(errorOf({ type: "renameProfile", profileId: "", name: "x" })).toMatch(/profileId/)
	})

	it("a todo list that is too long, or an item without text or of several lines", () => {
		const item = { content: "step", status: "pending" }
		expect(errorOf({ type: "updateTodoList", todos: Array(101).fill(item) })).toMatch(/at most 100 items/)
		expect(errorOf({ type: "updateTodoList", todos: [{ ...item, content: "  " }] })).toMatch(
			/todos\.0\.content: a todo item has no text/,
		)
		expect(errorOf({ type: "updateTodoList", todos: [{ ...item, content: "a\nb" }] })).toMatch(/one line/)
		expect(errorOf({ type: "updateTodoList", todos: [{ ...item, status: "blocked" }] })).toMatch(/status/)
	})

	it("an image that is not a data URI", () => {
		expect(errorOf({ ...valid.newTask, images: ["file:///etc/passwd"] })).toMatch(/images\.0/)
	})

	it("a settings patch with an unknown or badly typed field", () => {
		expect(errorOf({ type: "updateSettings", settings: { autoApprove: true } })).toMatch(/settings/)
		expect(errorOf({ type: "updateSettings", settings: { commandTimeoutSec: -1 } })).toMatch(
			/commandTimeoutSec/,
		)
		expect(
			errorOf({
				type: "updateSettings",
				settings: {
					provider: { provider: "anthropic", modelId: "m", baseUrl: "javascript:alert(1)" },
				},
			}),
		).toMatch(/baseUrl/)
	})

	it("a proxy whose getters throw, without throwing itself", () => {
		const hostile = new Proxy(
			{},
			{
				get: () => {
					throw new Error("boom")
				},
			},
		)
		expect(errorOf(hostile)).toBe("unreadable message")
		const hostileField = {
			type: "newTask",
			get text(): string {
				throw new Error("boom")
			},
		}
		expect(errorOf(hostileField)).toMatch(/unreadable input/)
	})

	it("a cyclic object", () => {
		const cyclic: Record<string, unknown> = { type: "updateSettings" }
		cyclic.settings = cyclic
		expect(errorOf(cyclic)).toMatch(/settings/)
	})
})

describe("parseWebviewMessage under 1,000 generated malformed inputs", () => {
	const random = seededRandom(2026)
	const wrongValues: unknown[] = [
		null,
		0,
		-1,
		1.5,
		NaN,
		Infinity,
		true,
		"",
		"x",
		[],
		[1, 2],
		{},
		{ nested: { deep: [null] } },
		"x".repeat(maxTextLength + 10),
		() => 1,
		Symbol("s"),
		10n,
		new Date(0),
		/re/,
	]
	const notAnyFieldValue = wrongValues.filter(
		(v) =>
			(typeof v !== "object" || v === null || (Array.isArray(v) && v.length > 0)) &&
			(typeof v !== "string" || v.length > maxTextLength || v === ""),
	)
	const pollutionKeys = ["__proto__", "constructor", "prototype"]

	/** A valid message with one thing broken, so it must be rejected. */
	function malformed(i: number): unknown {
		const base = structuredClone(random.pick(Object.values(valid))) as Record<string, unknown>
		const fields = Object.keys(base).filter((k) => k !== "type")
		switch (i % 8) {
			case 0: // unknown type
				return { ...base, type: `${base.type}${random.int(1000)}x` }
			case 1: // type of the wrong kind
				return { ...base, type: random.pick(wrongValues.filter((v) => typeof v !== "string")) }
			case 2: // a required field missing (message types without fields get an unknown type instead)
				if (fields.length === 0) return { type: random.pick(["", " ", "NEWTASK", "new_task"]) }
				return { ...base, type: "askResponse", askResponse: undefined }
			case 3: // a field of the wrong type
				if (fields.length === 0) return { ...base, type: random.pick(wrongValues) }
				// `{}` and `[]` are left out: an empty settings patch or image list is valid. So is
				// a value of the field's own type (`true` for a flag that is false).
				return ((field) => ({
					...base,
					[field]: random.pick(
						notAnyFieldValue.filter((value) => typeof value !== typeof base[field]),
					),
				}))(random.pick(fields))
			case 4: // prototype pollution attempts through JSON, as a webview would send them
				return JSON.parse(
					`{"type":"${random.pick(["newTask", "updateSettings", "askResponse"])}","${random.pick(pollutionKeys)}":{"polluted":true,"type":"clearTask"},"settings":{"__proto__":{"polluted":true}}, "text": 5}`,
				)
			case 5: // not an object at all
				return random.pick([
					...wrongValues.filter((v) => typeof v !== "object" || v === null || Array.isArray(v)),
					"[]",
					JSON.stringify(base),
				])
			case 6: // a huge string where an enum or id belongs
				return {
					type: random.pick(["mode", "showTaskWithId", "terminalOperation"]),
					mode: "m".repeat(200 + random.int(5000)),
					taskId: "../".repeat(1 + random.int(50)),
					terminalOperation: "z".repeat(random.int(3000)),
				}
			default: {
				// deep nesting in place of a payload
				let deep: unknown = {}
				for (let d = 0; d < 500; d++) deep = { settings: deep, images: [deep] }
				return {
					type: random.pick(["updateSettings", "newTask"]),
					settings: deep,
					images: deep,
					text: deep,
				}
			}
		}
	}

	it("gives an error value for every one and never throws", () => {
		const inputs = Array.from({ length: 1000 }, (_, i) => malformed(i))
		const results = inputs.map((input) => parseWebviewMessage(input))
		const accepted = results.flatMap((r, i) => (r.success ? [inputs[i]] : []))
		expect(accepted).toEqual([])
		for (const result of results) {
			expect(result.success).toBe(false)
			if (!result.success) expect(result.error.length).toBeGreaterThan(0)
		}
	})

	it("leaves Object.prototype untouched", () => {
		for (let i = 0; i < 200; i++) parseWebviewMessage(malformed(4))
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
		expect(Object.prototype.hasOwnProperty.call(Object.prototype, "polluted")).toBe(false)
	})
})
