import { useTranslation } from "react-i18next"
import { lastStateMessage, type ClineMessage } from "@cairn/types"
import { useCallback, useEffect, useMemo, useRef } from "react"
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso"
import { jumpToLatestPage, loadNewerMessages, loadOlderMessages } from "../../state/pagingActions"
import { useWebviewStore } from "../../state/store"
import { MessageRow } from "../rows/MessageRow"
import { hasRow } from "../rows/visibility"
import { JumpToLatestButton } from "./JumpToLatestButton"
import { ShownList } from "./paging/ShownList"
import { useFirstItemIndex } from "./paging/useFirstItemIndex"
import { bottomThreshold, useFollowLatest } from "./useFollowLatest"

function latestRequestTs(messages: readonly ClineMessage[]): number | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		if (messages[i]?.say === "api_req_started") return messages[i]?.ts
	}
	return undefined
}

const rowKey = (_index: number, message: ClineMessage) => message.ts
const listComponents = { List: ShownList }

/**
 * The transcript as a virtual list: only the rows in view (plus a margin) are mounted, and only
 * a bounded window of the task is loaded: older pages come from the host as the person reaches
 * the top (the list keeps its place as they are prepended). It follows new output while the
 * person is at the bottom and stays put once they scroll up, offering a way back (useFollowLatest).
 */
export function MessageList() {
	const { t } = useTranslation("chat")
	const messages = useWebviewStore((s) => s.messages)
	const taskId = useWebviewStore((s) => s.taskId)
	const atTaskStart = useWebviewStore((s) => s.olderMessages === 0)
	const hasNewer = useWebviewStore((s) => s.hasNewer)
	const scrollTarget = useWebviewStore((s) => s.scrollTarget)
	const rows = useMemo(() => messages.filter(hasRow), [messages])
	const firstItemIndex = useFirstItemIndex(rows)
	// The task's own first message (its text) only when the window reaches back to it.
	const first = atTaskStart ? messages[0] : undefined
	// The row of a waiting ask stays "last" when a condense or a todo edit comes after it.
	// Only the window that reaches the task's end holds its last row.
	const last = hasNewer ? undefined : lastStateMessage(messages)
	const currentRequestTs = useMemo(() => latestRequestTs(messages), [messages])
	const list = useRef<VirtuosoHandle>(null)
	const follow = useFollowLatest(list, taskId, hasNewer)
	const { stopFollowing } = follow

	// Rows get only props that change for the row itself, so memo keeps the others untouched.
	const itemContent = useCallback(
		(_index: number, message: ClineMessage) => (
			<MessageRow
				message={message}
				isFirst={message === first}
				isLast={message === last}
				isCurrentRequest={message.ts === currentRequestTs}
			/>
		),
		[first, last, currentRequestTs],
	)
	const jumpToLatest = useCallback(() => {
		if (hasNewer) jumpToLatestPage()
		else list.current?.scrollToIndex({ index: rows.length - 1, align: "end", behavior: "auto" })
	}, [rows.length, hasNewer])

	// A search result chosen in the find bar: shown once its page is loaded.
	useEffect(() => {
		if (scrollTarget === undefined) return
		const index = rows.findIndex((row) => row.ts >= scrollTarget.ts)
		if (index < 0) return
		stopFollowing()
		list.current?.scrollToIndex({ index, align: "center", behavior: "auto" })
	}, [scrollTarget, rows, stopFollowing])

	return (
		<div className="message-list" role="log" aria-label={t("transcript")}>
			<Virtuoso
				// A different task starts at its own bottom rather than at the old scroll position.
				key={taskId ?? "no-task"}
				ref={list}
				className="message-list-scroller"
				data={rows}
				firstItemIndex={firstItemIndex}
				startReached={loadOlderMessages}
				endReached={loadNewerMessages}
				computeItemKey={rowKey}
				itemContent={itemContent}
				initialTopMostItemIndex={{ index: Math.max(0, rows.length - 1), align: "end" }}
				scrollerRef={follow.scrollerRef}
				followOutput={follow.followOutput}
				totalListHeightChanged={follow.totalListHeightChanged}
				atBottomStateChange={follow.atBottomStateChange}
				atBottomThreshold={bottomThreshold}
				increaseViewportBy={{ top: 600, bottom: 600 }}
				defaultItemHeight={80}
				components={listComponents}
			/>
			{(!follow.following || hasNewer) && <JumpToLatestButton onClick={jumpToLatest} />}
		</div>
	)
}
