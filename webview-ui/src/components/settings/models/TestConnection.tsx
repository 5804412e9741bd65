import type { ConnectionTest, ProviderSettings } from "@cairn/types"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useWebviewStore } from "../../../state/store"
import { postToHost } from "../../../vscode"
import { problemText } from "../../rows/problem/problemText"
import "./models.css"

let nextRequestId = 1

/** The test's answer: a failure worded from its kind in the webview's language, else the host's words. */
function ConnectionResult({ result }: { result: ConnectionTest }) {
	const { t } = useTranslation("rows")
	if (result.failure === undefined) return result.message
	const { sentence, reason } = problemText(result.failure, t)
	return [sentence, reason].filter(Boolean).join(" ")
}

/**
 * "Test connection": the host lists the provider's models (or, for one that cannot list, makes
 * the smallest request) with the saved key, and the line below says what is wrong: the key, the
 * address or the model id.
 */
export function TestConnection({ settings }: { settings: ProviderSettings }) {
	const { t } = useTranslation("settings")
	const [asked, setAsked] = useState<number>()
	const answer = useWebviewStore((s) => s.connectionTest)
	const result = asked !== undefined && answer?.requestId === asked ? answer.result : undefined
	const testing = asked !== undefined && result === undefined
	const test = () => {
		const requestId = nextRequestId++
		setAsked(requestId)
		postToHost({ type: "testConnection", requestId, provider: settings })
	}
	return (
		<div className="field">
			<div className="inline-form">
				<button type="button" className="button secondary" disabled={testing} onClick={test}>
					{t("models.testConnection")}
				</button>
			</div>
			<div
				role="status"
				className={
					result === undefined
						? "field-description"
						: `connection-result ${result.ok ? "ok" : "failed"}`
				}
			>
				{testing ? t("models.testing") : result && <ConnectionResult result={result} />}
			</div>
		</div>
	)
}
