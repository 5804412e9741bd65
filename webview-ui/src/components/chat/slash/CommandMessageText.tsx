import type { CommandMessage } from "@cairn/types"
import "./slash.css"

/**
 * A person's message that gave a custom command: the command and its file, the prompt it stood
 * for folded (it is what the model received), then anything typed after it.
 */
export function CommandMessageText({ command }: { command: CommandMessage }) {
	return (
		<div className="user-message-text command-message">
			<details>
				<summary>
					<span className="slash-menu-name">/{command.name}</span>{" "}
					<span className="slash-menu-source">{command.source}</span>
				</summary>
				<div className="pre-wrap command-message-body">{command.body}</div>
			</details>
			{command.after !== "" && <div className="pre-wrap">{command.after}</div>}
		</div>
	)
}
