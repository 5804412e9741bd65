import { useTranslation } from "react-i18next"
import type { ReactNode } from "react"
import { postToHost } from "../../../vscode"
import { Badge } from "../Badge"

export interface PathLineProps {
	path: string
	isOutsideWorkspace?: boolean
	isProtected?: boolean
	/** The path names a file in the workspace: clicking it opens the file (at `line`). */
	openable?: boolean
	line?: number
	children?: ReactNode
}

export function openFile(path: string, line?: number): void {
	postToHost({ type: "openFile", path, ...(line !== undefined && { line }) })
}

/** The file or folder a tool works on, with warnings that make approving it a bigger decision. */
export function PathLine({ path, isOutsideWorkspace, isProtected, openable, line, children }: PathLineProps) {
	const { t } = useTranslation("rows")
	const shown = path === "" ? "." : path
	const canOpen = openable === true && isOutsideWorkspace !== true && path !== ""
	return (
		<div className="path-line">
			{canOpen ? (
				<button
					type="button"
					className="path path-link"
					title={
						line !== undefined
							? t("tool.openPathAtLine", { path, line })
							: t("tool.openPath", { path })
					}
					onClick={() => openFile(path, line)}
				>
					{shown}
				</button>
			) : (
				<code className="path" title={path}>
					{shown}
				</code>
			)}
			{isOutsideWorkspace === true && <Badge tone="warning" text={t("tool.outsideWorkspace")} />}
			{isProtected === true && <Badge tone="warning" text={t("tool.protectedFile")} />}
			{children}
		</div>
	)
}
