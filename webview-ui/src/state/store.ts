import {
	defaultSettings,
	type ActiveIntent,
	type CairnSettings,
	type ClineMessage,
	type ExtensionMessageOf,
	type HistoryItem,
	type McpSnapshot,
	type ModesSnapshot,
	type SlashCommandsSnapshot,
	type TodoListState,
} from "@cairn/types"
import { create } from "zustand"
import { noContextUsage, type ContextUsage } from "./contextUsage"
import { emptyTotals, type TaskTotals } from "./taskTotals"

export type ThemeKind = ExtensionMessageOf<"theme">["kind"]
export type View = "chat" | "history" | "settings" | "mcp" | "modes"

/** An error the host reported, shown until dismissed. */
export interface HostNotice {
	id: number
	error: string
	inReplyTo?: string
}

/** A message typed while the agent was busy, sent when an ask that takes an answer comes. */
export interface QueuedMessage {
	id: number
	text: string
	images: string[]
}

export interface WebviewStore {
	/** The extension's version; undefined until the host has answered `webviewDidLaunch`. */
	version?: string
	/** The current task's transcript, in ts order. */
	messages: ClineMessage[]
	taskId?: string
	currentTaskItem?: HistoryItem
	/** Task ids from the root to the one on screen: longer than one while a subtask's parent waits for it. */
	taskStack: string[]
	/** The last delta of the current task applied (or contained in the last snapshot). */
	seq: number
	/** Newest first. */
	taskHistory: HistoryItem[]
	settings: CairnSettings
	hasApiKey: boolean
	mode: string
	/** Every mode to pick from, and the modes files' problems. */
	modes: ModesSnapshot
	/** The slash commands the chat box's menu offers, and the command files left out. */
	slashCommands: SlashCommandsSnapshot
	cwd?: string
	themeKind?: ThemeKind
	/** Kept up to date per delta so the header never re-reads the whole transcript. */
	totals: TaskTotals
	/** How full the model's context window is, kept up to date per delta like the totals. */
	context: ContextUsage
	/** The governed task's intent (seed 004), kept up to date per delta like the totals. */
	activeIntent?: ActiveIntent
	/** The task's todo list, kept up to date per delta like the intent. */
	todos?: TodoListState
	notice?: HostNotice
	/** A snapshot was asked for; deltas until it comes are in it, so they are dropped. */
	awaitingState: boolean
	/** Tasks whose deltas are ignored (not the current task), so each costs one snapshot request at most. */
	ignoredTaskIds: ReadonlySet<string>
	/** The host's latest `mcpServers` message; undefined until the first one comes. */
	mcp?: McpSnapshot
	/** The ask (by ts) that already received a queued message, so it gets only one. */
	flushedAskTs?: number

	view: View
	composerText: string
	composerImages: string[]
	queue: QueuedMessage[]
	/** Incremented to ask the chat box to take the focus. */
	focusRequest: number
	/** The host's latest answer to the @ menu's search (the highest requestId wins). */
	fileSearch?: ExtensionMessageOf<"fileSearchResults">
	/** The host's latest answer to the model picker's `requestModels` (the highest requestId wins). */
	modelList?: ExtensionMessageOf<"models">
	/** The host's latest answer to "Test connection". */
	connectionTest?: ExtensionMessageOf<"connectionTested">
}

export function initialStoreState(): WebviewStore {
	const settings = defaultSettings()
	return {
		messages: [],
		taskStack: [],
		seq: 0,
		taskHistory: [],
		settings,
		hasApiKey: false,
		mode: settings.mode,
		modes: { modes: [], problems: [] },
		slashCommands: { commands: [], problems: [] },
		totals: emptyTotals,
		context: noContextUsage,
		awaitingState: false,
		ignoredTaskIds: new Set(),
		view: "chat",
		composerText: "",
		composerImages: [],
		queue: [],
		focusRequest: 0,
	}
}

/**
 * Plain state only: what changes it lives in hostReducer.ts (host messages) and chatActions.ts
 * (the person's actions), so components stay free of protocol rules.
 */
export const useWebviewStore = create<WebviewStore>()(() => initialStoreState())

let nextId = 1
/** Ids for notices and queued messages: unique for the page's life. */
export function nextLocalId(): number {
	return nextId++
}
