import { useState, type KeyboardEvent } from "react"
import { optionId, type AutocompleteItem } from "./AutocompleteMenu"

export interface Autocomplete {
	activeIndex: number
	setActiveIndex(index: number): void
	/** Handles the menu's keys; true when the key was the menu's (the text box must not act on it). */
	onKeyDown(event: KeyboardEvent): boolean
	/**
	 * ARIA attributes for the text box that owns the list. A multi-line chat box stays a textbox
	 * (a combobox is single-line); aria-autocomplete, aria-controls and aria-activedescendant tie
	 * it to the listbox, so a screen reader reads the active option while the focus stays put.
	 */
	textboxProps: {
		"aria-controls"?: string
		"aria-activedescendant"?: string
		"aria-autocomplete": "list"
	}
}

/**
 * The keyboard of a chat-box menu: Up/Down move (wrapping), Enter or Tab picks, Escape closes.
 * `open` says whether the menu shows; `items` are its suggestions in order.
 */
export function useAutocomplete(options: {
	menuId: string
	open: boolean
	items: readonly AutocompleteItem[]
	onPick(item: AutocompleteItem): void
	onClose(): void
}): Autocomplete {
	const { menuId, open, items, onPick, onClose } = options
	const [chosen, setActiveIndex] = useState(0)
	const activeIndex = items.length === 0 ? -1 : Math.min(chosen, items.length - 1)
	const active = activeIndex >= 0 ? items[activeIndex] : undefined

	const onKeyDown = (event: KeyboardEvent): boolean => {
		if (!open || event.nativeEvent.isComposing) return false
		const move = (step: number) => {
			if (items.length > 0) setActiveIndex((activeIndex + step + items.length) % items.length)
		}
		switch (event.key) {
			case "ArrowDown":
				move(1)
				break
			case "ArrowUp":
				move(-1)
				break
			case "Enter":
			case "Tab":
				if (event.shiftKey || active === undefined || active.hint) return false
				onPick(active)
				setActiveIndex(0)
				break
			case "Escape":
				onClose()
				break
			default:
				return false
		}
		event.preventDefault()
		return true
	}

	return {
		activeIndex,
		setActiveIndex,
		onKeyDown,
		textboxProps: {
			"aria-autocomplete": "list",
			...(open && { "aria-controls": menuId }),
			...(open && active !== undefined && { "aria-activedescendant": optionId(menuId, active) }),
		},
	}
}
