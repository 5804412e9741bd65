// Identifiers shared with the `contributes` section of package.json; the two must agree.

export const viewContainerId = "cairn-ActivityBar"
export const sidebarViewId = "cairn.SidebarProvider"
/** The view type of the editor-tab panel that shows the same UI as the sidebar. */
export const tabPanelViewType = "cairn.TabPanelProvider"
export const outputChannelName = "Cairn"

export const commandIds = {
	openInNewTab: "cairn.openInNewTab",
} as const
