import {
	defaultSettings,
	emptyTotals,
	noContextUsage,
	type ActiveIntent,
	type ContextUsage,
	type PageAnchor,
	type TaskTotals,
	type CairnSettings,
	type ClineMessage,
	type CodebaseIndexStatus,
	type ExtensionMessageOf,
	type FleetReport,
	type HistoryItem,
	type ImportReport,
	type McpSnapshot,
	type Problem,
	type ModesSnapshot,
	type SkillSummary,
	type SlashCommandsSnapshot,
	type FoundInstructionFiles,
	type TaskCard,
	type TodoListState,
	type UiLanguage,
} from "@cairn/types"
import { create } from "zustand"

export type ThemeKind = ExtensionMessageOf<"theme">["kind"]
export type View = "chat" | "board" | "history" | "settings" | "mcp" | "modes"

export type CardDiff = ExtensionMessageOf<"cardDiff">

/** The task board as the host last told it: a card per running or recent task. */
export interface BoardState {
	/** False until the host's first `taskBoard` answer. */
	loaded: boolean
	/** By task id; a delta replaces one card object, so a card's view re-renders only when its own card changes. */
	cards: Readonly<Record<string, TaskCard>>
	/** Task ids newest first (by `createdAt`); changes only when a card comes or goes. */
	order: readonly string[]
	/** How many tasks may run at once (the host's concurrency limit). */
	limit?: number
	/** Why tasks cannot get worktrees here (absent where they can); `notARepository` offers git init. */
	worktreesUnavailable?: { reason: string; notARepository: boolean }
	/** The host's latest `cardDiff` per card, shown until closed. */
	diffs: Readonly<Record<string, CardDiff>>
	/** Discards the host held back: what each would lose, named, until the person confirms or drops it. */
	pendingLoss: Readonly<Record<string, readonly string[]>>
}

export const emptyBoard: BoardState = { loaded: false, cards: {}, order: [], diffs: {}, pendingLoss: {} }

/** An error the host reported, shown until dismissed. */
export interface HostNotice {
	id: number
	error: string
	inReplyTo?: string
	/** A provider's failure as a kind and parameters: the notice words it in the webview's language. */
	problem?: Problem
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
	/**
	 * The loaded part of the current task's transcript, in ts order: the newest page at first,
	 * more as the person scrolls, never more than maxLoadedMessages.
	 */
	messages: ClineMessage[]
	/**
	 * The task's newest messages (the snapshot's page, kept current by deltas), whatever part of
	 * the task the list shows: the chat's buttons and the send mode are read from these.
	 */
	latest: ClineMessage[]
	/** How many of the task's messages come before `messages` (not loaded). */
	olderMessages: number
	/** The task has messages after `messages` that are not loaded: the window was scrolled away from the end. */
	hasNewer: boolean
	/** The page asked for and not yet answered; one at a time. */
	pageRequest?: PageAnchor
	/** A message to bring into view once it is loaded (a search result); `id` tells requests apart. */
	scrollTarget?: { ts: number; id: number }
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
	/** The Agent Skills as the host last listed them (asked for by the Skills section); undefined until then. */
	skills?: { skills: SkillSummary[]; skipped: string[] }
	/** Other tools' instruction files found, by kind; undefined until Settings asked for them. */
	instructionFilesFound?: FoundInstructionFiles
	cwd?: string
	themeKind?: ThemeKind
	/** The language the host resolved for Cairn's text (setting, else the editor's); undefined until the first state. */
	language?: UiLanguage
	/** The whole task's totals, as the host's summary says (the snapshot, then deltas that change it). */
	totals: TaskTotals
	/** How full the model's context window is, from the host's summary like the totals. */
	context: ContextUsage
	/** The governed task's intent (seed 004), from the host's summary like the totals. */
	activeIntent?: ActiveIntent
	/** The task's todo list, from the host's summary like the totals. */
	todos?: TodoListState
	/** The task's first message's text (its title), from the host's summary. */
	taskText?: string
	notice?: HostNotice
	/** A snapshot was asked for; deltas until it comes are in it, so they are dropped. */
	awaitingState: boolean
	/**
	 * New Task was clicked and the host has not shown what comes next (an empty chat, or the parent
	 * of a subtask): what is sent meanwhile is held, not taken as an answer to the task being left.
	 */
	leavingTask: boolean
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
	/** The codebase index's latest status; undefined until the Settings view asks for it. */
	codebaseIndex?: CodebaseIndexStatus
	/** The host's latest answer to "Test connection". */
	connectionTest?: ExtensionMessageOf<"connectionTested">
	/** What the last import from another tool did (Settings > Import from other tools). */
	importReport?: ImportReport
	/** Whether the find bar is open over the transcript. */
	findOpen: boolean
	/** The host's latest answer to the find bar's search, for the current task. */
	taskSearch?: ExtensionMessageOf<"taskSearchResults">
	board: BoardState
	fleet: FleetState
}

/** Fleet run reports on the board: the folders the host named, and the report open now. */
export interface FleetState {
	/** Results folders opened last, newest first (the host's list). */
	recent: readonly string[]
	/** The report shown in place of the cards, until closed. */
	report?: FleetReport
}

export function initialStoreState(): WebviewStore {
	const settings = defaultSettings()
	return {
		messages: [],
		latest: [],
		olderMessages: 0,
		hasNewer: false,
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
		leavingTask: false,
		ignoredTaskIds: new Set(),
		view: "chat",
		composerText: "",
		composerImages: [],
		queue: [],
		focusRequest: 0,
		findOpen: false,
		board: emptyBoard,
		fleet: { recent: [] },
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
