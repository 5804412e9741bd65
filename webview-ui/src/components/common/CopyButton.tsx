import { useTranslation } from "react-i18next"
import { useEffect, useState } from "react"
import { IconButton } from "./IconButton"

/** Copies `text` to the clipboard and confirms it for a moment. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
	const { t } = useTranslation("common")
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
			label={copied ? t("copied") : (label ?? t("copy"))}
			onClick={copy}
		/>
	)
}
