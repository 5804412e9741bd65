// @cairn/core: the agent, host-free. Depends on @cairn/types; never on vscode, React or Ink.

export { evaluateCommand, type CommandDecision, type CommandLists } from "./approval/evaluateCommand.js"
export { hasTerminalControlCharacter } from "./approval/shell/shellAnalysis.js"
export { loadShellParser } from "./approval/shell/shellParser.js"
export { configureWasmDir } from "./tree-sitter/wasmFiles.js"
export {
	applySearchReplace,
	type SearchReplaceResult,
	type BlockFailure,
} from "./editing/applySearchReplace.js"
export { parseSearchReplaceBlocks, type SearchReplaceBlock } from "./editing/searchReplaceBlocks.js"
export {
	resolveWorkspacePath,
	isInside,
	type ResolvedPath,
	type ResolvePathResult,
} from "./workspace/workspacePaths.js"
export { isProtectedPath } from "./workspace/protectedPaths.js"
export { ApprovedPathChangedError, writeApprovedFile } from "./workspace/approvedWrite.js"
export { CairnIgnore, cairnIgnoreFile } from "./workspace/ignoreRules.js"
export type { ConsentAsker, RepositoryCode } from "./consent/repositoryConsent.js"
export { filesWithContent } from "./consent/repositoryConsent.js"
export * from "./host/Host.js"
export * from "./host/node/index.js"
export { storedLanguageSetting } from "./i18n/storedLanguage.js"
export { personLanguage, personUiLanguage } from "./i18n/personLanguage.js"
export { hostText, type HostText } from "./i18n/hostText.js"
export type { SandboxPolicy, SandboxSupport } from "./sandbox/sandboxPolicy.js"
export { withheldVariables } from "./sandbox/commandEnvironment.js"
export * from "./tools/index.js"
export * from "./codebase-index/index.js"
export {
	Controller,
	type Client,
	type ControllerMcpOptions,
	type ControllerOptions,
} from "./controller/Controller.js"
export { startController } from "./controller/startController.js"
export { resumeDemo } from "./demo/demoHandlers.js"
export type { DemoHost } from "./demo/demoHost.js"
export type { CardDiff, CreatedWorktree, TaskWorktreesPort } from "./controller/controllerOptions.js"
export { editorOwnedSettings, userScopedSettings } from "./controller/editorSettingsTrust.js"
export { Task } from "./task/Task.js"
export type { TaskOptions, TaskStatus } from "./task/taskOptions.js"
export { summarizationMarker } from "./context/summarizeConversation.js"
export { CheckpointStore, type CheckpointChanges } from "./checkpoints/checkpointStore.js"
export { processLauncher } from "./checkpoints/processLauncher.js"
export {
	TaskWorktrees,
	type SetupReport,
	type TaskWorktree,
	type TaskWorktreesOptions,
	type WorktreesUnavailable,
} from "./worktrees/taskWorktrees.js"
export * from "./fleet/index.js"
export type { TaskEvents } from "./task/taskEvents.js"
export { builtInModes, modeFor, type Mode } from "./modes/modes.js"
export { readSlashCommands } from "./slash-commands/readSlashCommands.js"
export { readModes } from "./modes/readModes.js"
export { findSkills, skillSummary, type SkillsFound } from "./skills/findSkills.js"
export { globalSkillsFolder } from "./skills/skillLocations.js"
export { storedDisabledSkills } from "./skills/storedSkillSettings.js"
export { taskToMarkdown } from "./export/taskMarkdown.js"
export * from "./providers/index.js"
export { useRipgrep } from "./tools/support/ripgrep.js"
export { terminalText } from "./tools/support/outputCollector.js"
export {
	ExtensionClient,
	type ExtensionClientEvents,
	type ExtensionClientOptions,
} from "./client/ExtensionClient.js"
export type { StoreState } from "./client/StateStore.js"
export {
	AskDispatcher,
	type AnsweredBy,
	type AskDispatcherEvents,
	type AskDispatcherOptions,
	type PendingQuestion,
	type PersonChannel,
} from "./client/AskDispatcher.js"
export { approvalBlockers, type ApprovalPolicy } from "./client/approvalBlockers.js"
export { approves, parseTypedAnswer, replyFor, type PersonAnswer } from "./client/personAnswers.js"
export { isTaskActive, stopTask } from "./client/taskControl.js"
export * from "./stream/streamEvents.js"
export * from "./stream/streamJson.js"
export * from "./stream/streamCommands.js"
export { cardEvents } from "./stream/cardEvents.js"
export * from "./stream/apiUsage.js"
export * from "./stream/exitCodes.js"
export * from "./stream/taskOutcome.js"
export { TranscriptEvents } from "./stream/TranscriptEvents.js"
export { OutputManager } from "./stream/OutputManager.js"
export {
	PromptStreamSession,
	maxCommandLineChars,
	type PromptStreamContext,
} from "./stream/PromptStreamSession.js"
export { CairnApi, type CairnApiOptions } from "./api/CairnApi.js"
export { ControllerApi } from "./api/ControllerApi.js"
export { TaskBoardApi } from "./api/TaskBoardApi.js"
export { IpcServer, type IpcServerOptions } from "./ipc/IpcServer.js"
export { orchestrationFiles } from "./governance/orchestrationFiles.js"
export { traceRecordSchema, type TraceRecord } from "./governance/agentTrace.js"
export { HookEngine, type HookedCall } from "./hooks/hookEngine.js"
export { isDestructiveTool, toolEffect, declaredPaths, type ToolEffect } from "./hooks/toolClassifier.js"
export type { ToolHook, ToolCall, HookRun, PreToolVerdict } from "./hooks/toolHook.js"
export { McpHub, type McpHubOptions } from "./mcp/McpHub.js"
export * from "./imports/index.js"
