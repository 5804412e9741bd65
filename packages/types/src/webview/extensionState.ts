import { z } from "zod"
import { historyItemSchema } from "../history/historyItem.js"
import { clineMessageSchema } from "../message/clineMessage.js"
import { modesSnapshotSchema } from "../modes/customMode.js"
import { cairnSettingsSchema, defaultSettings } from "../settings/settings.js"
import { uiLanguages } from "../i18n/language.js"
import { emptyTaskSummary, taskSummarySchema } from "../task-summary/taskSummary.js"

/**
 * The full snapshot a client starts from. It is sent on launch, task switch, reset and on
 * request only; everything after it is a delta, so its size never multiplies with traffic.
 */
export const extensionStateSchema = z.object({
	version: z.string(),
	/**
	 * The newest page of the current task's messages (messagePageSize at most); empty when there
	 * is none. Older pages are asked for with `requestMessagePage`.
	 */
	clineMessages: z.array(clineMessageSchema),
	/** How many of the current task's messages come before `clineMessages`. */
	olderMessages: z.number().int().nonnegative(),
	/** What clients show about the whole current task (totals, todo list...), not only the page. */
	summary: taskSummarySchema,
	currentTaskId: z.string().optional(),
	currentTaskItem: historyItemSchema.optional(),
	/** Task ids from the root task to the current one; longer than one while a subtask runs. */
	taskStack: z.array(z.string()),
	/** The last delta `seq` of the current task that this snapshot already contains. */
	seq: z.number().int().nonnegative(),
	/** Newest first. */
	taskHistory: z.array(historyItemSchema),
	settings: cairnSettingsSchema,
	/** The mode the current (or next) task runs in. */
	mode: z.string(),
	/** Every mode to pick from (built-in, the person's, the workspace's) and the modes files' problems. */
	modes: modesSnapshotSchema,
	/** Whether secret storage holds a key for the configured provider. The key itself never leaves it. */
	hasApiKey: z.boolean(),
	/** The workspace folder the agent works in, if any. */
	cwd: z.string().optional(),
	/**
	 * The language to show Cairn's own text in, resolved by the host (the `language` setting, else
	 * the editor's display language): clients translate into it rather than resolving it again.
	 */
	language: z.enum(uiLanguages).default("en"),
})
export type ExtensionState = z.infer<typeof extensionStateSchema>

/** The snapshot of a host with no task and no history yet. */
export function emptyExtensionState(
	version: string,
	overrides: Partial<ExtensionState> = {},
): ExtensionState {
	const settings = overrides.settings ?? defaultSettings()
	return {
		version,
		clineMessages: [],
		olderMessages: 0,
		summary: emptyTaskSummary,
		taskStack: [],
		seq: 0,
		taskHistory: [],
		settings,
		mode: settings.mode,
		modes: { modes: [], problems: [] },
		hasApiKey: false,
		language: "en",
		...overrides,
	}
}
