import { useTranslation } from "react-i18next"
import { checkpointAfter, parseCommandMessage, personMessageMark } from "@cairn/types"
import { useState } from "react"
import { deleteMessage, editMessage } from "../../state/checkpointActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"
import { ConfirmChoices, type Choice } from "../common/ConfirmChoices"
import { CommandMessageText } from "../chat/slash/CommandMessageText"
import { MentionsLeftOut } from "./MentionsLeftOut"
import { PersonWords } from "./PersonWords"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"
import { Thumbnails } from "./Thumbnails"

type Mode =
	| { kind: "view" }
	| { kind: "editing"; text: string }
	| { kind: "confirmEdit"; text: string }
	| { kind: "confirmDelete" }

/** Whether files changed since the message, so a rewind to it can offer to restore them (read when asked, not on every delta). */
const filesChangedSince = (ts: number) =>
	checkpointAfter(useWebviewStore.getState().messages, ts) !== undefined

/** The person's words; a custom command they gave shows as the command, its prompt folded. */
function PersonText({ text }: { text: string }) {
	const command = parseCommandMessage(text)
	if (command !== undefined) return <CommandMessageText command={command} />
	return <PersonWords text={text} />
}

/** What the person wrote: the task itself, or feedback given later. They can edit it, or delete feedback. */
export function UserMessageRow({ message, isTask }: RowProps & { isTask: boolean }) {
	const { t } = useTranslation(["rows", "common"])
	const [mode, setMode] = useState<Mode>({ kind: "view" })
	const editable = personMessageMark(message) !== undefined
	const done = () => setMode({ kind: "view" })
	const resend = (text: string, restoreFiles: boolean) => {
		done()
		editMessage(message.ts, text, restoreFiles, message.images)
	}
	const saveEdit = (text: string) => {
		if (text.trim() === "") return
		if (filesChangedSince(message.ts)) setMode({ kind: "confirmEdit", text })
		else resend(text, false)
	}
	const deleteChoices: Choice[] = [
		{
			label: t("user.delete"),
			primary: true,
			onChoose: () => (done(), deleteMessage(message.ts, false)),
		},
		...(filesChangedSince(message.ts)
			? [
					{
						label: t("user.deleteAndRestore"),
						onChoose: () => (done(), deleteMessage(message.ts, true)),
					},
				]
			: []),
	]
	return (
		<div className="user-message">
			<RowHeader
				icon={isTask ? "tasklist" : "feedback"}
				title={isTask ? t("user.task") : t("user.you")}
			/>
			{mode.kind === "editing" || mode.kind === "confirmEdit" ? (
				<div className="message-edit">
					<textarea
						aria-label={t("user.editLabel")}
						value={mode.text}
						disabled={mode.kind === "confirmEdit"}
						onChange={(event) => setMode({ kind: "editing", text: event.target.value })}
						onKeyDown={(event) => {
							if (event.key === "Escape") done()
							if (event.key === "Enter" && !event.shiftKey && mode.kind === "editing") {
								event.preventDefault()
								saveEdit(mode.text)
							}
						}}
						autoFocus
					/>
					{mode.kind === "editing" && (
						<div className="confirm-buttons">
							<button
								type="button"
								className="button primary"
								disabled={mode.text.trim() === ""}
								onClick={() => saveEdit(mode.text)}
							>
								{t("user.saveAndResend")}
							</button>
							<button type="button" className="button secondary" onClick={done}>
								{t("common:cancel")}
							</button>
						</div>
					)}
				</div>
			) : (
				message.text !== undefined && message.text !== "" && <PersonText text={message.text} />
			)}
			<Thumbnails images={message.images ?? []} />
			<MentionsLeftOut mentions={message.mentionsLeftOut ?? []} />
			{mode.kind === "confirmEdit" && (
				<ConfirmChoices
					question={t("user.confirmEdit")}
					choices={[
						{
							label: t("user.restoreAndResend"),
							primary: true,
							onChoose: () => resend(mode.text, true),
						},
						{ label: t("user.resendOnly"), onChoose: () => resend(mode.text, false) },
					]}
					onCancel={done}
				/>
			)}
			{mode.kind === "confirmDelete" && (
				<ConfirmChoices question={t("user.confirmDelete")} choices={deleteChoices} onCancel={done} />
			)}
			{editable && mode.kind === "view" && (
				<div className="row-actions">
					<IconButton
						icon="edit"
						label={t("user.edit")}
						onClick={() => setMode({ kind: "editing", text: message.text ?? "" })}
					/>
					{!isTask && (
						<IconButton
							icon="trash"
							label={t("user.deleteLabel")}
							onClick={() => setMode({ kind: "confirmDelete" })}
						/>
					)}
				</div>
			)}
		</div>
	)
}
