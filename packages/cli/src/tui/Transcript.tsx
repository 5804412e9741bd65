import { isApiRequestStreaming, type ClineMessage } from "@cairn/types"
import { Box, Static } from "ink"
import { useRef } from "react"
import { MessageRow } from "./MessageRow.js"

/**
 * How many leading rows can no longer change: not the last row, not streaming, and not inside a
 * model request that is still streaming (a later request settles an earlier one).
 */
export function settledCount(messages: readonly ClineMessage[]): number {
	let openRequest = -1
	if (isApiRequestStreaming(messages)) {
		for (let i = messages.length - 1; i >= 0 && openRequest === -1; i--)
			if (messages[i]?.say === "api_req_started") openRequest = i
	}
	let count = 0
	while (count < messages.length - 1) {
		const message = messages[count]
		if (message === undefined || message.partial === true) break
		if (openRequest !== -1 && count >= openRequest) break
		count++
	}
	return count
}

/**
 * The task's rows: settled ones are printed once above (Ink's Static, so a long task costs one
 * render per row), the live tail is redrawn as it streams.
 */
export function Transcript({
	taskId,
	messages,
}: {
	taskId: string | undefined
	messages: readonly ClineMessage[]
}) {
	// Static only ever appends, so the settled prefix only grows (per task).
	const settled = useRef({ taskId, count: 0 })
	if (settled.current.taskId !== taskId) settled.current = { taskId, count: 0 }
	settled.current.count = Math.max(settled.current.count, settledCount(messages))
	const count = Math.min(settled.current.count, messages.length)
	const firstTs = messages[0]?.ts
	const items = messages.slice(0, count)
	return (
		<Box flexDirection="column">
			<Static key={taskId ?? "none"} items={items as ClineMessage[]}>
				{(message) => (
					<Box key={message.ts} flexDirection="column">
						<MessageRow message={message} isTask={message.ts === firstTs} />
					</Box>
				)}
			</Static>
			{messages.slice(count).map((message) => (
				<Box key={message.ts} flexDirection="column">
					<MessageRow message={message} isTask={message.ts === firstTs} />
				</Box>
			))}
		</Box>
	)
}
