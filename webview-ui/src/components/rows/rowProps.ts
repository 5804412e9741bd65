import type { ClineMessage } from "@cairn/types"

export interface RowProps {
	message: ClineMessage
	/** The transcript's last message: an ask here is the one waiting for the person. */
	isLast: boolean
}
