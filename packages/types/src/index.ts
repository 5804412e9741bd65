// @cairn/types: the protocol every part of Cairn speaks (webview, CLI, public API, IPC).
// Depends on zod only.

export * from "./parse.js"

export * from "./message/clineAsk.js"
export * from "./message/clineSay.js"
export * from "./message/askResponse.js"
export * from "./message/clineMessage.js"
export * from "./message/rowOutcome.js"
export * from "./message/sayTool.js"
export * from "./message/apiReqInfo.js"
export * from "./message/problem.js"
export * from "./message/notice.js"
export * from "./message/askPayloads.js"
export * from "./message/backgroundCommand.js"
export * from "./message/browserPayloads.js"
export * from "./message/hookRow.js"
export * from "./message/codebaseSearchResult.js"
export * from "./checkpoints/checkpointPayload.js"

export * from "./tools/toolName.js"
export * from "./api/usage.js"
export * from "./api/events.js"
export * from "./api/cairnApi.js"
export * from "./history/historyItem.js"

export * from "./settings/provider.js"
export * from "./settings/providerKinds.js"
export * from "./settings/modelList.js"
export * from "./settings/profiles.js"
export * from "./settings/demoProfile.js"
export * from "./settings/userHooks.js"
export * from "./settings/settings.js"
export * from "./settings/autoApprovalInEffect.js"
export * from "./settings/codebaseIndex.js"
export * from "./settings/trustSettings.js"

export * from "./i18n/language.js"

export * from "./webview/limits.js"
export * from "./webview/webviewMessage.js"
export * from "./webview/extensionState.js"
export * from "./webview/extensionMessage.js"
export * from "./webview/applyMessageUpdate.js"
export * from "./webview/messagePages.js"
export * from "./webview/pagingMessages.js"
export * from "./webview/codebaseIndexMessages.js"
export * from "./webview/boardMessages.js"
export * from "./board/taskCard.js"

export * from "./task-summary/taskTotals.js"
export * from "./task-summary/contextUsage.js"
export * from "./task-summary/taskSummary.js"

export * from "./agent-state/apiRequestStatus.js"
export * from "./agent-state/detectAgentState.js"
export * from "./agent-state/askControls.js"
export * from "./agent-state/chatControls.js"
export * from "./agent-state/sendMode.js"
export * from "./agent-state/stateMessage.js"
export * from "./agent-state/waitingFor.js"

export * from "./governance/activeIntent.js"

export * from "./todos/todoItem.js"
export * from "./todos/currentTodos.js"

export * from "./mcp/mcpServerView.js"
export * from "./mcp/mcpServerInput.js"
export * from "./mcp/mcpCatalog.js"

export * from "./modes/fileRegex.js"
export * from "./modes/customMode.js"

export * from "./slash-commands/slashCommand.js"
export * from "./slash-commands/commandElement.js"
export * from "./mentions/parseMentions.js"
