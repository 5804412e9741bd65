import { useTranslation } from "react-i18next"
import { backgroundCommandRowSchema, type BackgroundStopper } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { postToHost } from "../../vscode"
import { IconButton } from "../common/IconButton"
import { Spinner } from "../common/Spinner"
import { CodeBlock } from "../content/CodeBlock"
import { CommandOutputRow } from "./CommandOutputRow"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import { ExitBadge } from "./tool/OutcomeBadge"
import type { RowProps } from "./rowProps"

const stoppedKey = {
	person: "background.stoppedByPerson",
	agent: "background.stoppedByAgent",
	task: "background.stoppedByTask",
} as const satisfies Record<BackgroundStopper, string>

/**
 * A command running on while the task goes on (a dev server, a watcher): its newest output as it
 * prints, and Stop, which ends it and everything it started. It ends with its task.
 */
export function BackgroundCommandRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(backgroundCommandRowSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const command = parsed.data
	const running = command.state === "running"
	return (
		<div className="background-command" data-command-id={command.id}>
			<RowHeader
				icon="server-process"
				title={t(running ? "background.running" : "background.ended")}
				trailing={
					running ? (
						<>
							<Spinner label={t("background.runningLabel")} />
							<IconButton
								icon="debug-stop"
								text={t("background.stop")}
								label={t("background.stopLabel")}
								onClick={() => postToHost({ type: "stopBackgroundCommand", id: command.id })}
							/>
						</>
					) : (
						<ExitBadge exit={command.exit} />
					)
				}
			/>
			<CodeBlock code={command.command} language="shell" />
			{command.stoppedBy !== undefined && (
				<div className="muted">{t(stoppedKey[command.stoppedBy])}</div>
			)}
			<CommandOutputRow message={{ ...message, text: command.output }} isLast={false} />
		</div>
	)
}
