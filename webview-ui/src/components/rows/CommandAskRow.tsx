import { Trans, useTranslation } from "react-i18next"
import { clineAskCommandSchema, ranAsProposed } from "@cairn/types"
import { usePayload } from "../../util/parsePayload"
import { postToHost } from "../../vscode"
import { Icon } from "../common/Icon"
import { IconButton } from "../common/IconButton"
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
 * unsandboxed) are called out. Where a narrow allowed-command rule would have let it run unasked,
 * "Always allow" names that rule on its button before anything is saved.
 */
export function CommandAskRow({ message, isLast }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(clineAskCommandSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const command = parsed.data
	const streaming = message.partial === true
	const waiting = isLast && !streaming && message.outcome === undefined
	const unsandboxed = command.sandboxFailure !== undefined
	const title =
		message.outcome === undefined
			? waiting || streaming
				? t(unsandboxed ? "command.wantsUnsandboxed" : "command.wants")
				: t("command.title")
			: ranAsProposed(message.outcome)
				? t(unsandboxed ? "command.didUnsandboxed" : "command.did")
				: t(unsandboxed ? "command.wantedUnsandboxed" : "command.wanted")
	return (
		<div className={["command-ask", waiting && "awaiting"].filter(Boolean).join(" ")}>
			<RowHeader
				icon="terminal"
				title={title}
				trailing={
					streaming ? (
						<Spinner label={t("command.arriving")} />
					) : waiting ? (
						<Badge text={t("tool.awaitingApproval")} />
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
							<Trans
								t={t}
								i18nKey="command.cwd"
								values={{ cwd: command.cwd }}
								components={{ code: <code /> }}
							/>
						</span>
					)}
					{command.isOutsideWorkspace === true && (
						<Badge tone="warning" text={t("tool.outsideWorkspace")} />
					)}
				</div>
			)}
			{command.background === true && <div className="muted">{t("background.onAsk")}</div>}
			{command.deniedBy !== undefined && (
				<div className="row-warning" role="note">
					<Icon name="warning" />
					<span>
						<Trans
							t={t}
							i18nKey="command.denied"
							values={{ denied: command.deniedBy }}
							components={{ code: <code /> }}
						/>
					</span>
				</div>
			)}
			{command.deniedBy === undefined && command.reason !== undefined && (
				<div className={command.protectedPath !== undefined ? "row-warning" : "muted"} role="note">
					{command.protectedPath !== undefined && <Icon name="shield" />}
					<span>{t("command.notAutoApproved", { reason: command.reason })}</span>
				</div>
			)}
			{waiting && command.deniedBy === undefined && command.allowRules !== undefined && (
				<AlwaysAllow ts={message.ts} rules={command.allowRules} />
			)}
			{command.sandboxFailure !== undefined && (
				<div className="row-warning" role="note">
					<Icon name="warning" />
					<span>{t("command.sandboxFailed", { failure: command.sandboxFailure })}</span>
				</div>
			)}
		</div>
	)
}

/** Runs the command and adds `rules` to the allowed commands; the host checks them again first. */
function AlwaysAllow({ ts, rules }: { ts: number; rules: string[] }) {
	const { t } = useTranslation("rows")
	const text = t("command.alwaysAllow", { rules: rules.map((rule) => `"${rule}"`).join(", ") })
	return (
		<div className="command-always-allow">
			<IconButton
				icon="check-all"
				label={text}
				text={text}
				onClick={() => postToHost({ type: "alwaysAllowCommand", ts, rules })}
			/>
			<span className="muted">{t("command.alwaysAllowHint")}</span>
		</div>
	)
}
