import { lastStateMessage } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { useSendMode } from "../../state/selectors"
import { useWebviewStore } from "../../state/store"

/**
 * What the chat box says while empty. A failed request waits for Retry or a fix of the provider,
 * not for any button: the box says which, so the person is not left guessing.
 */
export function useComposerPlaceholder(): string {
	const { t } = useTranslation("chat")
	const mode = useSendMode()
	const requestFailed = useWebviewStore((s) => lastStateMessage(s.latest)?.ask === "api_req_failed")
	return mode === "disabled" && requestFailed
		? t("input.placeholder.requestFailed")
		: t(`input.placeholder.${mode}`)
}
