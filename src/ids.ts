// Identifiers shared with the `contributes` section of package.json; the two must agree.

export const viewContainerId = "cairn-ActivityBar"
export const sidebarViewId = "cairn.SidebarProvider"
/** The view type of the editor-tab panel that shows the same UI as the sidebar. */
export const tabPanelViewType = "cairn.TabPanelProvider"
/** The task board: a second view in Cairn's container, and an editor tab of its own. */
export const boardViewId = "cairn.BoardView"
export const boardPanelViewType = "cairn.BoardPanel"
export const outputChannelName = "Cairn"

export const commandIds = {
	openInNewTab: "cairn.openInNewTab",
	openTaskBoard: "cairn.openTaskBoard",
	openFleetReport: "cairn.openFleetReport",
	newTask: "cairn.newTask",
	history: "cairn.history",
	settings: "cairn.settings",
	mcpServers: "cairn.mcpServers",
	focusChatInput: "cairn.focusChatInput",
	cancelTask: "cairn.cancelTask",
	toggleAutoApprove: "cairn.toggleAutoApprove",
	addToContext: "cairn.addToContext",
	explainCode: "cairn.explainCode",
	fixCode: "cairn.fixCode",
	improveCode: "cairn.improveCode",
	showAgentTrace: "cairn.showAgentTrace",
	condenseContext: "cairn.condenseContext",
	tryDemo: "cairn.tryDemo",
} as const

/** True while the agent has a current task; the `when` of the palette's task commands. */
export const taskOpenContextKey = "cairn.taskOpen"
