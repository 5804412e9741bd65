import type { ReactNode } from "react"
import { Badge } from "../Badge"

export interface PathLineProps {
	path: string
	isOutsideWorkspace?: boolean
	isProtected?: boolean
	children?: ReactNode
}

/** The file or folder a tool works on, with warnings that make approving it a bigger decision. */
export function PathLine({ path, isOutsideWorkspace, isProtected, children }: PathLineProps) {
	return (
		<div className="path-line">
			<code className="path" title={path}>
				{path === "" ? "." : path}
			</code>
			{isOutsideWorkspace === true && <Badge tone="warning" text="outside workspace" />}
			{isProtected === true && <Badge tone="warning" text="protected file" />}
			{children}
		</div>
	)
}
