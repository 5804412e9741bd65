import { lastStateMessage, type ClineMessage } from "@cairn/types"
import { useCallback, useMemo, useRef, useState } from "react"
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso"
import { useWebviewStore } from "../../state/store"
import { MessageRow } from "../rows/MessageRow"
import { hasRow } from "../rows/visibility"
import { JumpToLatestButton } from "./JumpToLatestButton"

function latestRequestTs(messages: readonly ClineMessage[]): number | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		if (messages[i]?.say === "api_req_started") return messages[i]?.ts
	}
	return undefined
}

const rowKey = (_index: number, message: ClineMessage) => message.ts
const follow = (isAtBottom: boolean): "auto" | false => (isAtBottom ? "auto" : false)

/**
 * The transcript as a virtual list: only the rows in view (plus a margin) are mounted, so a
 * 10,000-message task costs what a screenful does. It follows new output while the person is
 * at the bottom and stays put once they scroll up, offering a way back.
 */
export function MessageList() {
	const messages = useWebviewStore((s) => s.messages)
	const taskId = useWebviewStore((s) => s.taskId)
	const rows = useMemo(() => messages.filter(hasRow), [messages])
	const first = messages[0]
	// The row of a waiting ask stays "last" when a condense or a todo edit comes after it.
	const last = lastStateMessage(messages)
	const currentRequestTs = useMemo(() => latestRequestTs(messages), [messages])
	const list = useRef<VirtuosoHandle>(null)
	const [atBottom, setAtBottom] = useState(true)

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
		list.current?.scrollToIndex({ index: rows.length - 1, align: "end", behavior: "auto" })
	}, [rows.length])

	return (
		<div className="message-list" role="log" aria-label="Task transcript">
			<Virtuoso
				// A different task starts at its own bottom rather than at the old scroll position.
				key={taskId ?? "no-task"}
				ref={list}
				className="message-list-scroller"
				data={rows}
				computeItemKey={rowKey}
				itemContent={itemContent}
				initialTopMostItemIndex={{ index: Math.max(0, rows.length - 1), align: "end" }}
				followOutput={follow}
				atBottomStateChange={setAtBottom}
				atBottomThreshold={48}
				increaseViewportBy={{ top: 600, bottom: 600 }}
				defaultItemHeight={80}
			/>
			{!atBottom && <JumpToLatestButton onClick={jumpToLatest} />}
		</div>
	)
}
