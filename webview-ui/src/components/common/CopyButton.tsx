import { useEffect, useState } from "react"
import { IconButton } from "./IconButton"

/** Copies `text` to the clipboard and confirms it for a moment. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
	const [copied, setCopied] = useState(false)
	useEffect(() => {
		if (!copied) return
		const timer = setTimeout(() => setCopied(false), 1500)
		return () => clearTimeout(timer)
	}, [copied])
	const copy = () => {
		// The webview's clipboard API works without a permission prompt in VS Code.
		void navigator.clipboard?.writeText(text).then(
			() => setCopied(true),
			() => setCopied(false),
		)
	}
	return (
		<IconButton
			className="copy-button"
			icon={copied ? "check" : "copy"}
			label={copied ? "Copied" : label}
			onClick={copy}
		/>
	)
}
