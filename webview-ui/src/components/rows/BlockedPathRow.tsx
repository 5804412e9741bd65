import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** The agent tried a path that the workspace's .cairnignore blocks. */
export function BlockedPathRow({ message }: RowProps) {
	return (
		<div className="blocked-path">
			<RowHeader icon="lock" tone="warning" title="Access blocked" />
			<div className="row-detail">
				<code>{message.text || "(unknown path)"}</code> is blocked by this workspace&apos;s{" "}
				<code>.cairnignore</code> file, so Cairn did not read or change it.
			</div>
		</div>
	)
}
