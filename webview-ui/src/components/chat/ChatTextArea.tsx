import { useTranslation } from "react-i18next"
import { maxImages } from "@cairn/types"
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from "react"
import {
	addComposerImages,
	removeComposerImage,
	sendComposer,
	setComposerText,
} from "../../state/chatActions"
import { useSendMode } from "../../state/selectors"
import { useWebviewStore } from "../../state/store"
import { imagesFromFiles } from "../../util/images"
import { postToHost } from "../../vscode"
import { IconButton } from "../common/IconButton"
import { Thumbnails } from "../rows/Thumbnails"
import { ModePicker } from "./ModePicker"
import { mentionsFromDrop } from "./mentions/droppedMentions"
import { useMentionMenu } from "./mentions/useMentionMenu"
import { SlashCommandMenu } from "./slash/SlashCommandMenu"
import { useSlashMenu } from "./slash/useSlashMenu"
import { useComposerPlaceholder } from "./useComposerPlaceholder"
import { ProfilePicker } from "./switchers/ProfilePicker"

/**
 * The chat box. Enter sends, Shift+Enter starts a new line; images come by paste, drop or the
 * host's picker. What sending does (start a task, answer, queue) follows `sendMode`.
 */
export function ChatTextArea() {
	const { t } = useTranslation("chat")
	const text = useWebviewStore((s) => s.composerText)
	const images = useWebviewStore((s) => s.composerImages)
	const focusRequest = useWebviewStore((s) => s.focusRequest)
	const problems = useWebviewStore((s) => s.slashCommands.problems)
	const mode = useSendMode()
	const disabled = mode === "disabled"
	const placeholder = useComposerPlaceholder()
	const input = useRef<HTMLTextAreaElement>(null)
	const [hint, setHint] = useState<string>()
	const slash = useSlashMenu(text, setComposerText)
	const cwd = useWebviewStore((s) => s.cwd)
	const mentions = useMentionMenu(input, text)

	useEffect(() => {
		if (focusRequest > 0) input.current?.focus()
	}, [focusRequest])

	const attach = async (files: Iterable<File>) => {
		const found = await imagesFromFiles(files)
		const left = addComposerImages(found)
		setHint(left > 0 ? t("input.tooManyImages", { max: maxImages, left }) : undefined)
	}

	const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
		if (slash.onKeyDown(event)) return
		if (mentions.onKeyDown(event)) return
		// An IME composition uses Enter to confirm a word, not to send.
		if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return
		event.preventDefault()
		send()
	}

	const send = () => {
		if (sendComposer() !== "empty") setHint(undefined)
	}

	const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
		const files = [...event.clipboardData.files].filter((file) => file.type.startsWith("image/"))
		if (files.length === 0) return
		event.preventDefault()
		void attach(files)
	}

	const onDrop = (event: DragEvent<HTMLDivElement>) => {
		// Images attach; files dragged from the editor's explorer come as URIs and become @-mentions.
		const hasImages = [...event.dataTransfer.files].some((file) => file.type.startsWith("image/"))
		const dropped = hasImages ? [] : mentionsFromDrop(event.dataTransfer, cwd)
		if (dropped.length > 0) {
			event.preventDefault()
			const separator = text === "" || /\s$/.test(text) ? "" : " "
			setComposerText(`${text}${separator}${dropped.join(" ")} `)
			input.current?.focus()
			return
		}
		if (event.dataTransfer.files.length === 0) return
		event.preventDefault()
		void attach(event.dataTransfer.files)
	}

	const empty = text.trim() === "" && images.length === 0
	return (
		<div
			className={["chat-input", disabled && "disabled"].filter(Boolean).join(" ")}
			onDragOver={(event) => event.preventDefault()}
			onDrop={onDrop}
		>
			{slash.open && (
				<SlashCommandMenu
					id={slash.listId}
					commands={slash.matches}
					active={slash.active}
					optionId={slash.optionId}
					onPick={slash.pick}
					onHover={slash.setActive}
					problems={problems}
				/>
			)}
			{mentions.menu}
			<Thumbnails images={images} onRemove={removeComposerImage} />
			<textarea
				{...slash.inputProps}
				ref={input}
				className="chat-textarea"
				aria-label={t("input.label")}
				placeholder={placeholder}
				value={text}
				disabled={disabled}
				rows={3}
				{...mentions.textboxProps}
				onChange={(event) => {
					setComposerText(event.target.value)
					mentions.trackCaret()
				}}
				onKeyDown={onKeyDown}
				onPaste={onPaste}
			/>
			{slash.hint !== undefined && (
				// A line of its own: beside the pickers a narrow sidebar leaves it no room.
				<div className="chat-input-command-hint" role="status">
					{slash.hint}
				</div>
			)}
			<div className="chat-input-bar">
				<IconButton
					icon="device-camera"
					label={t("input.attach")}
					disabled={disabled || images.length >= maxImages}
					onClick={() => postToHost({ type: "selectImages" })}
				/>
				<ModePicker />
				<ProfilePicker />
				<span className="chat-input-hint" role="status">
					{hint ?? (mode === "queue" ? t("input.working") : t("input.keys"))}
				</span>
				<IconButton
					icon="send"
					label={t(`input.send.${mode}`)}
					disabled={disabled || empty}
					onClick={send}
				/>
			</div>
		</div>
	)
}
