import { clineAskCommandSchema, ranAsProposed } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { Icon } from "../common/Icon"
import { Spinner } from "../common/Spinner"
import { CodeBlock } from "../content/CodeBlock"
import { Badge } from "./Badge"
import { GenericRow } from "./GenericRow"
import { ExitBadge, OutcomeBadge } from "./tool/OutcomeBadge"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/**
 * A command waiting for the person's Run or Reject. A denied command, why auto-approval left it
 * to the person (a protected file stands out), and a failure in the sandbox (Run then runs it
 * unsandboxed) are called out.
 */
export function CommandAskRow({ message, isLast }: RowProps) {
	const parsed = usePayload(clineAskCommandSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const command = parsed.data
	const streaming = message.partial === true
	const waiting = isLast && !streaming && message.outcome === undefined
	const where = command.sandboxFailure !== undefined ? " outside the sandbox" : ""
	const title =
		message.outcome === undefined
			? waiting || streaming
				? `Cairn wants to run this command${where}`
				: "Command"
			: ranAsProposed(message.outcome)
				? `Cairn ran this command${where}`
				: `Cairn wanted to run this command${where}`
	return (
		<div className={["command-ask", waiting && "awaiting"].filter(Boolean).join(" ")}>
			<RowHeader
				icon="terminal"
				title={title}
				trailing={
					streaming ? (
						<Spinner label="The command is still arriving" />
					) : waiting ? (
						<Badge text="awaiting approval" />
					) : (
						<>
							<ExitBadge exit={message.commandExit} />
							<OutcomeBadge outcome={message.outcome} />
						</>
					)
				}
			/>
			<CodeBlock code={command.command} language="shell" />
			{(command.cwd !== undefined || command.isOutsideWorkspace === true) && (
				<div className="path-line">
					{command.cwd !== undefined && (
						<span className="muted">
							in <code>{command.cwd}</code>
						</span>
					)}
					{command.isOutsideWorkspace === true && <Badge tone="warning" text="outside workspace" />}
				</div>
			)}
			{command.deniedBy !== undefined && (
				<div className="row-warning" role="note">
					<Icon name="warning" />
					<span>
						This command matches the denied command <code>{command.deniedBy}</code>, so it is
						never auto-approved. Run it only if you are sure.
					</span>
				</div>
			)}
			{command.deniedBy === undefined && command.reason !== undefined && (
				<div className={command.protectedPath !== undefined ? "row-warning" : "muted"} role="note">
					{command.protectedPath !== undefined && <Icon name="shield" />}
					<span>Not auto-approved: {command.reason}.</span>
				</div>
			)}
			{command.sandboxFailure !== undefined && (
				<div className="row-warning" role="note">
					<Icon name="warning" />
					<span>
						It ran automatically in the sandbox and failed there: {command.sandboxFailure}. Run it
						again without the sandbox only if you trust what it does.
					</span>
				</div>
			)}
		</div>
	)
}
