import { useTranslation } from "react-i18next"
import type { CommandMessage } from "@cairn/types"
import "./slash.css"

// The message carries its command's source as text; a source this UI does not know shows as written.
const sources = ["builtin", "global", "project"] as const
const isSource = (source: string): source is (typeof sources)[number] =>
	(sources as readonly string[]).includes(source)

/**
 * A person's message that gave a custom command: the command and its file, the prompt it stood
 * for folded (it is what the model received), then anything typed after it.
 */
export function CommandMessageText({ command }: { command: CommandMessage }) {
	const { t } = useTranslation("chat")
	return (
		<div className="user-message-text command-message">
			<details>
				<summary>
					<span className="slash-menu-name">/{command.name}</span>{" "}
					<span className="slash-menu-source">
						{isSource(command.source) ? t(`slash.source.${command.source}`) : command.source}
					</span>
				</summary>
				<div className="pre-wrap command-message-body">{command.body}</div>
			</details>
			{command.after !== "" && <div className="pre-wrap">{command.after}</div>}
		</div>
	)
}
