import type { McpServerInput, McpSource } from "@cairn/types"
import { useEffect, useState } from "react"
import { addMcpServer } from "../../state/mcpActions"
import { useWebviewStore } from "../../state/store"

interface Pending {
	source: McpSource
	name: string
	/** The notice shown when it was sent: only a newer one answers it. */
	noticeId: number | undefined
}

/**
 * Sends a new server and follows it: `adding` until the host lists it (then `onAdded`) or
 * reports why it could not be added (the notice shows why; the form stays as it was).
 */
export function useServerAdding(onAdded: () => void) {
	const [pending, setPending] = useState<Pending>()
	const servers = useWebviewStore((s) => s.mcp?.servers)
	const notice = useWebviewStore((s) => s.notice)
	useEffect(() => {
		if (pending === undefined) return
		if (servers?.some((s) => s.name === pending.name && s.source === pending.source)) {
			setPending(undefined)
			onAdded()
		} else if (notice?.inReplyTo === "addMcpServer" && notice.id !== pending.noticeId)
			setPending(undefined)
	}, [servers, notice, pending, onAdded])
	const add = (source: McpSource, name: string, server: McpServerInput) => {
		setPending({ source, name, noticeId: notice?.id })
		addMcpServer(source, name, server)
	}
	return { adding: pending !== undefined, add }
}

/** A name already used in that config file. */
export function useNameTaken(): (source: McpSource, name: string) => boolean {
	const servers = useWebviewStore((s) => s.mcp?.servers)
	return (source, name) => servers?.some((s) => s.source === source && s.name === name) ?? false
}
