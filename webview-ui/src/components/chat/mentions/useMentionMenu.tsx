import { useTranslation } from "react-i18next"
import { typedMentionAt } from "@cairn/types"
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react"
import { setComposerText } from "../../../state/chatActions"
import { useWebviewStore } from "../../../state/store"
import { postToHost } from "../../../vscode"
import { AutocompleteMenu } from "../autocomplete/AutocompleteMenu"
import { useAutocomplete, type Autocomplete } from "../autocomplete/useAutocomplete"
import { fileQueryOf, mentionItems, type MentionItem } from "./mentionItems"
import { replaceTypedMention } from "./mentionQuery"

const menuId = "mention-menu"
let nextRequestId = 1

export interface MentionMenu {
	/** The menu to render beside the text box, or null while closed. */
	menu: ReactNode
	onKeyDown: Autocomplete["onKeyDown"]
	/** The text box's ARIA ties to the menu, and its caret and focus listeners. */
	textboxProps: Autocomplete["textboxProps"] & { onSelect(): void; onBlur(): void }
	/** Call when the text changed (the box's onChange belongs to its owner). */
	trackCaret(): void
}

/**
 * The @ menu of the chat box: typing "@" at the start of a word opens it, what follows the "@"
 * searches the workspace (on the host), and picking a suggestion puts its mention in the text.
 */
export function useMentionMenu(input: RefObject<HTMLTextAreaElement | null>, text: string): MentionMenu {
	const { t } = useTranslation("chat")
	const [caret, setCaret] = useState<number>()
	const [dismissedAt, setDismissedAt] = useState<number>()
	const pendingCaret = useRef<number>(undefined)
	const search = useWebviewStore((s) => s.fileSearch)

	const typed = caret === undefined ? undefined : typedMentionAt(text, caret)
	const open = typed !== undefined && typed.start !== dismissedAt
	const query = typed?.query
	const items = open && query !== undefined ? mentionItems(query, search, t) : []

	useEffect(() => {
		if (!open || query === undefined || /^https?:/i.test(query)) return
		postToHost({ type: "searchFiles", query: fileQueryOf(query), requestId: nextRequestId++ })
	}, [open, query])

	useEffect(() => {
		const at = pendingCaret.current
		if (at === undefined || input.current === null) return
		pendingCaret.current = undefined
		input.current.setSelectionRange(at, at)
		setCaret(at)
	}, [text, input])

	const pick = (item: MentionItem) => {
		if (typed === undefined || caret === undefined || item.insert === undefined) return
		const next = replaceTypedMention(text, typed, caret, item.insert)
		pendingCaret.current = next.caret
		setComposerText(next.text)
	}

	const autocomplete = useAutocomplete({
		menuId,
		open,
		items,
		onPick: (item) => pick(item as MentionItem),
		onClose: () => setDismissedAt(typed?.start),
	})
	const { setActiveIndex } = autocomplete

	// A new query starts at its best match.
	useEffect(() => setActiveIndex(0), [query, setActiveIndex])

	const trackCaret = () => {
		const box = input.current
		if (box === null) return
		setCaret(box.selectionStart === box.selectionEnd ? box.selectionStart : undefined)
		if (dismissedAt !== undefined && typedMentionAt(box.value, box.selectionStart)?.start !== dismissedAt)
			setDismissedAt(undefined)
	}

	return {
		menu: open ? (
			<AutocompleteMenu
				id={menuId}
				label={t("mentions.label")}
				items={items}
				activeIndex={autocomplete.activeIndex}
				onPick={(item) => pick(item as MentionItem)}
				onHover={autocomplete.setActiveIndex}
				emptyText={t("mentions.none")}
			/>
		) : null,
		onKeyDown: autocomplete.onKeyDown,
		textboxProps: {
			...(open ? autocomplete.textboxProps : { "aria-autocomplete": "list" }),
			onSelect: trackCaret,
			// The menu belongs to the box: it closes when the focus goes elsewhere.
			onBlur: () => setCaret(undefined),
		},
		trackCaret,
	}
}
