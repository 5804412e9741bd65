import type { SlashCommandView } from "@cairn/types"
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { useWebviewStore } from "../../../state/store"
import { postToHost } from "../../../vscode"
import { inLanguage } from "./builtInCommandText"
import { commandBeingGiven, matchingCommands, slashQuery } from "./slashMenuQuery"

/** What the chat box needs from the slash menu: its state, its keys, and the textarea's ARIA. */
export interface SlashMenu {
	open: boolean
	matches: SlashCommandView[]
	active: number
	listId: string
	optionId: (index: number) => string
	pick: (command: SlashCommandView) => void
	setActive: (index: number) => void
	/** Handles a key while the menu is open; true when it did (the box must not act on it). */
	onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean
	/** The argument hint of the command being given, e.g. `/review <file>: Review a file`. */
	hint: string | undefined
	/** For the textarea: it keeps the focus and points at the highlighted command. */
	inputProps: {
		"aria-autocomplete": "list"
		"aria-haspopup": "listbox"
		"aria-controls"?: string
		"aria-activedescendant"?: string
	}
}

/**
 * Typing `/` at the start of the box opens a menu of the slash commands that match what follows;
 * Up/Down move, Enter or Tab picks (the box then holds `/name `), Escape closes it until the
 * text changes. The command list is asked for afresh each time the menu opens, so a command
 * file saved a moment ago is there.
 */
export function useSlashMenu(text: string, setText: (text: string) => void): SlashMenu {
	const { t } = useTranslation("chat")
	const sent = useWebviewStore((s) => s.slashCommands.commands)
	const modes = useWebviewStore((s) => s.modes.modes)
	const commands = useMemo(() => sent.map((command) => inLanguage(command, modes, t)), [sent, modes, t])
	const listId = useId()
	const query = slashQuery(text)
	const [active, setActive] = useState(0)
	const [dismissedAt, setDismissedAt] = useState<string>()
	const matches = query === undefined ? [] : matchingCommands(commands, query)
	const open = query !== undefined && dismissedAt !== text && matches.length > 0
	const opening = query !== undefined

	useEffect(() => {
		if (opening) postToHost({ type: "requestSlashCommands" })
	}, [opening])
	useEffect(() => setActive(0), [query])

	const pick = (command: SlashCommandView) => setText(`/${command.name} `)
	const optionId = (index: number) => `${listId}-option-${index}`
	const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
		if (!open || event.nativeEvent.isComposing) return false
		const count = matches.length
		switch (event.key) {
			case "ArrowDown":
				setActive((active + 1) % count)
				break
			case "ArrowUp":
				setActive((active - 1 + count) % count)
				break
			case "Enter":
			case "Tab": {
				if (event.shiftKey) return false
				const command = matches[Math.min(active, count - 1)]
				if (command !== undefined) pick(command)
				break
			}
			case "Escape":
				setDismissedAt(text)
				break
			default:
				return false
		}
		event.preventDefault()
		return true
	}
	const given = commandBeingGiven(text, commands)
	const hint =
		given === undefined
			? undefined
			: `/${given.name}${given.argumentHint ? ` ${given.argumentHint}` : ""}${given.description ? `: ${given.description}` : ""}`
	return {
		open,
		matches,
		active,
		listId,
		optionId,
		pick,
		setActive,
		onKeyDown,
		hint,
		inputProps: {
			"aria-autocomplete": "list",
			"aria-haspopup": "listbox",
			...(open && { "aria-controls": listId, "aria-activedescendant": optionId(active) }),
		},
	}
}
