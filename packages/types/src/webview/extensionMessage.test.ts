import { describe, expect, it } from "vitest"
import { ask, say } from "../test-support/messages.js"
import { emptyExtensionState } from "./extensionState.js"
import { extensionMessageTypes, parseExtensionMessage, type ExtensionMessage } from "./extensionMessage.js"

const examples: Record<ExtensionMessage["type"], ExtensionMessage> = {
	state: {
		type: "state",
		state: emptyExtensionState("0.1.0", { clineMessages: [say("text", "task"), ask("tool", "{}")] }),
	},
	importReport: {
		type: "importReport",
		report: {
			source: "rooSettings",
			from: "/home/p/roo-code-settings.json",
			lines: [
				{ kind: "profile", name: "work" },
				{ kind: "profile", name: "bedrock", skipped: "unsupported_provider", detail: "fireworks" },
			],
		},
	},
	messageUpdated: {
		type: "messageUpdated",
		taskId: "t1",
		seq: 3,
		message: say("text", "hello", { partial: true }),
	},
	taskHistoryUpdated: {
		type: "taskHistoryUpdated",
		upserted: [{ id: "t1", ts: 1, task: "fix it", tokensIn: 1, tokensOut: 2, totalCost: 0 }],
		removedIds: ["t0"],
	},
	settingsUpdated: {
		type: "settingsUpdated",
		settings: emptyExtensionState("x").settings,
		hasApiKey: true,
	},
	modeChanged: { type: "modeChanged", mode: "architect" },
	fleetRecentRuns: { type: "fleetRecentRuns", folders: ["/work/results"] },
	fleetReport: {
		type: "fleetReport",
		report: {
			folder: "/work/results",
			summary: {
				tasks: 1,
				passed: 1,
				failed: 0,
				running: 0,
				cost: 0.02,
				taskTimeMs: 4000,
				wallTimeMs: 4000,
				slowest: [{ id: "bump-lodash", state: "passed", durationMs: 4000, cost: 0.02 }],
			},
			rows: [
				{
					id: "bump-lodash",
					state: "passed",
					attempt: 1,
					branch: "cairn/bump-lodash",
					commit: "0123456789abcdef0123456789abcdef01234567",
					changes: { files: 1, added: 2, removed: 1 },
					cost: 0.02,
					durationMs: 4000,
					checksPassed: 1,
					checksFailed: 0,
					checks: [{ command: "npm test", state: "passed", durationMs: 900, tail: "ok" }],
					hasDiff: true,
				},
			],
			unreadable: [{ file: "broken.json", error: "not JSON" }],
			notRead: 0,
		},
	},
	taskBoard: {
		type: "taskBoard",
		cards: [
			{
				taskId: "t1",
				title: "fix the parser",
				mode: "code",
				state: "waiting",
				createdAt: 1,
				cost: 0.02,
				changes: { files: 2, added: 10, removed: 3 },
				worktree: {
					name: "fix-parser",
					branch: "cairn/fix-parser",
					base: "main",
					path: "/w/fix-parser",
					index: 1,
				},
				waitingOn: ask("command", "npm test"),
			},
		],
		running: 1,
		limit: 4,
	},
	taskCardUpdated: {
		type: "taskCardUpdated",
		card: {
			taskId: "t2",
			title: "t",
			mode: "code",
			state: "landed",
			createdAt: 1,
			endedAt: 5,
			cost: 0,
			landing: { how: "merge" },
		},
	},
	taskCardRemoved: { type: "taskCardRemoved", taskId: "t2" },
	cardDiff: {
		type: "cardDiff",
		taskId: "t1",
		base: "main",
		files: [{ path: "a.ts", change: "modified", added: 1, removed: 1, binary: false }],
		patch: "--- a/a.ts\n+++ b/a.ts\n",
	},
	discardNeedsConfirmation: {
		type: "discardNeedsConfirmation",
		taskId: "t1",
		loss: ["a.ts (uncommitted)"],
	},
	messagePage: {
		type: "messagePage",
		taskId: "t1",
		anchor: { kind: "before", ts: 1_700_000_000_500 },
		messages: [say("text", "older")],
		olderMessages: 12,
		newerMessages: 200,
	},
	taskSearchResults: {
		type: "taskSearchResults",
		taskId: "t1",
		requestId: 4,
		query: "npm",
		results: [{ ts: 1_700_000_000_200, snippet: "…then run npm test…" }],
		truncated: false,
	},
	skills: {
		type: "skills",
		skills: [
			{
				name: "release-notes",
				description: "Writes release notes.",
				source: "claude",
				folder: ".claude/skills/release-notes",
				enabled: true,
			},
		],
		skipped: [".roo/skills/x/SKILL.md has no description; the skill was left out"],
	},
	codebaseIndexStatus: {
		type: "codebaseIndexStatus",
		status: {
			state: "indexing",
			processedFiles: 120,
			totalFiles: 5000,
			searchable: false,
			hasOwnKey: false,
		},
	},
	modes: {
		type: "modes",
		modes: [
			{
				slug: "docs-writer",
				name: "Docs Writer",
				roleDefinition: "You write documentation.",
				whenToUse: "Writing docs.",
				groups: [
					{ group: "read" },
					{ group: "edit", restriction: { fileRegex: "\\.md$", description: "Markdown" } },
				],
				source: "project",
			},
		],
		problems: [
			{
				file: ".cairn/modes.yaml",
				field: "customModes[1].groups[0].group",
				kind: "unknown_group",
				params: { value: '"shell"' },
				text: '.cairn/modes.yaml: customModes[1].groups[0].group: unknown group "shell"; expected one of read, edit, command, mcp, browser, modes',
			},
		],
	},
	instructionFilesFound: { type: "instructionFilesFound", found: [{ kind: "roo", files: [".roorules"] }] },
	slashCommands: {
		type: "slashCommands",
		commands: [
			{ name: "new", description: "Start a new task", argumentHint: "[task]", source: "builtin" },
			{
				name: "review",
				description: "Review a change",
				argumentHint: "<file or folder>",
				source: "project",
				file: ".cairn/commands/review.md",
				overrides: "global",
			},
		],
		problems: [
			{
				file: ".cairn/commands/Bad.md",
				kind: "name_invalid",
				params: { max: 64 },
				text: ".cairn/commands/Bad.md: a command name is 1 to 64 lowercase letters, digits, '-' and '_', starting with a letter or digit; rename the file",
			},
		],
	},
	action: { type: "action", action: "historyButtonClicked" },
	invoke: { type: "invoke", invoke: "setChatBoxMessage", text: "explain this" },
	theme: { type: "theme", kind: "dark" },
	mcpServers: {
		type: "mcpServers",
		servers: [
			{
				name: "files",
				source: "global",
				transport: "stdio",
				status: "connected",
				tools: [{ name: "read", modelName: "mcp__files__read", alwaysAllow: false }],
				resources: [],
				resourceTemplates: [],
				configFile: "/home/ada/.cairn/mcp.json",
			},
		],
		problems: [
			{
				source: "project",
				file: "/w/.cairn/mcp.json",
				server: "x",
				field: "args.1",
				message: "The value is not valid: Invalid input",
				problem: { kind: "field_invalid", params: { field: "args.1", said: "Invalid input" } },
			},
		],
	},
	checkpointDiff: {
		type: "checkpointDiff",
		ts: 5,
		since: "checkpoint",
		from: "0123456789abcdef0123456789abcdef01234567",
		files: [{ path: "src/a.ts", change: "modified", binary: false }],
		patch: "diff --git a/src/a.ts b/src/a.ts\n",
	},
	selectedImages: { type: "selectedImages", images: [] },
	models: {
		type: "models",
		requestId: 3,
		provider: "openrouter",
		models: [
			{
				id: "anthropic/claude-sonnet-4.5",
				info: { contextWindow: 200_000, inputPrice: 3 },
				supportsTools: true,
			},
		],
	},
	connectionTested: {
		type: "connectionTested",
		requestId: 4,
		result: { ok: false, problem: "auth", message: "The API key for OpenRouter was rejected (401)." },
	},
	fileSearchResults: {
		type: "fileSearchResults",
		requestId: 7,
		results: [
			{ path: "src/chat", type: "folder" },
			{ path: "src/chat/ChatView.tsx", type: "file" },
		],
		commits: [{ hash: "1a2b3c4", subject: "Fix the parser" }],
	},
	error: { type: "error", error: 'unknown message type "x"', code: "invalid_message", inReplyTo: "x" },
}

describe("ExtensionMessage", () => {
	it("has an example of every type", () => {
		expect(Object.keys(examples).sort()).toEqual([...extensionMessageTypes].sort())
	})

	it.each(Object.values(examples))("round-trips a $type message through JSON", (message) => {
		expect(parseExtensionMessage(JSON.parse(JSON.stringify(message)))).toEqual({
			success: true,
			data: message,
		})
	})

	it("rejects a messageUpdated without a positive seq", () => {
		const result = parseExtensionMessage({ ...examples.messageUpdated, seq: 0 })
		expect(result.success).toBe(false)
	})

	it("rejects a transcript message whose ask/say does not match its type", () => {
		const result = parseExtensionMessage({
			type: "messageUpdated",
			taskId: "t",
			seq: 1,
			message: { ts: 1, type: "ask", say: "text" },
		})
		expect(result).toMatchObject({ success: false })
	})
})

describe("emptyExtensionState", () => {
	it("describes a host with no task: no messages, seq 0, default mode", () => {
		const state = emptyExtensionState("1.2.3")
		expect(state).toMatchObject({
			version: "1.2.3",
			clineMessages: [],
			taskStack: [],
			seq: 0,
			mode: "code",
			hasApiKey: false,
		})
		expect(state.currentTaskId).toBeUndefined()
	})
})
