// Bringing a person's settings and history over from other agents (Roo Code, Claude Code).

export { ImportFileError } from "./readImportFile.js"
export { importRooSettings, type SettingsImportTargets } from "./importRooSettings.js"
export { importRooTasks, importedTaskId, type TaskImportOptions } from "./importRooTasks.js"
export { findRooTaskFolders, rooTaskDirsIn } from "./rooStorage.js"
export { importClaudePermissions, claudePermissionRules, bashRulePrefix } from "./claudePermissions.js"
