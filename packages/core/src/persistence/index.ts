// Crash-safe task persistence: append-only journals (metadata and file context too), a self-repairing history index.

export {
	TaskStore,
	TaskNotFoundError,
	type TaskStoreOptions,
	type NewTask,
	type MetadataChanges,
	type LoadedTask,
} from "./taskStore.js"
export type { TaskProblem } from "./taskRecovery.js"
export { StorageError } from "./storageError.js"
export { TaskLockedError } from "./taskLock.js"
export { HistoryIndex, type IndexReport, type ListOptions, type UnreadableTask } from "./historyIndex.js"
export { taskMetadataSchema, toHistoryItem, type TaskMetadata } from "./taskMetadata.js"
export { UiMessageJournal, foldUiMessages, type UiMessagesLoad } from "./uiMessageJournal.js"
export {
	ApiHistoryJournal,
	foldApiHistory,
	type ApiHistoryRecord,
	type ApiHistoryLoad,
} from "./apiHistoryJournal.js"
export { JsonlJournal, type JournalLoad, type DamagedLine } from "./jsonlJournal.js"
export { defaultCompactionPolicy, type CompactionPolicy, type CompactionOutcome } from "./compaction.js"
export { writeJsonAtomic, readJsonFile, type ReadJsonResult } from "./atomicFile.js"
