import "./autocomplete.css"

/** One suggestion of a chat-box menu (@-mentions, /-commands). */
export interface AutocompleteItem {
	/** Unique within the menu; also the option's DOM id suffix. */
	key: string
	label: string
	description?: string
	/** A codicon name, e.g. "file" or "folder". */
	icon?: string
	/** Shown but not pickable: a hint such as "Type a URL". */
	hint?: boolean
}

export interface AutocompleteMenuProps {
	/** The listbox's id: the text box names it in aria-controls. */
	id: string
	/** What the list offers, for screen readers ("Mentions", "Commands"). */
	label: string
	items: readonly AutocompleteItem[]
	activeIndex: number
	onPick(item: AutocompleteItem): void
	onHover(index: number): void
	/** Shown when nothing matches. */
	emptyText?: string
}

/** The DOM id of an option, for the text box's aria-activedescendant. */
export const optionId = (menuId: string, item: AutocompleteItem) =>
	`${menuId}-${item.key.replace(/[^\w-]/g, "_")}`

/**
 * A suggestion list for a text box that keeps the focus (the ARIA combobox pattern): the box
 * owns the keyboard (see useAutocomplete), the list follows with aria-activedescendant. A
 * mouse pick must not steal the focus from the box, hence onMouseDown.
 */
export function AutocompleteMenu({
	id,
	label,
	items,
	activeIndex,
	onPick,
	onHover,
	emptyText,
}: AutocompleteMenuProps) {
	return (
		<ul className="autocomplete-menu" id={id} role="listbox" aria-label={label}>
			{items.length === 0 && emptyText !== undefined && (
				<li className="autocomplete-empty" role="presentation">
					{emptyText}
				</li>
			)}
			{items.map((item, index) => (
				<li
					key={item.key}
					id={optionId(id, item)}
					role="option"
					aria-selected={index === activeIndex}
					aria-disabled={item.hint === true || undefined}
					className={["autocomplete-item", index === activeIndex && "active", item.hint && "hint"]
						.filter(Boolean)
						.join(" ")}
					onMouseDown={(event) => {
						event.preventDefault()
						if (!item.hint) onPick(item)
					}}
					onMouseEnter={() => onHover(index)}
				>
					{item.icon !== undefined && (
						<span className={`codicon codicon-${item.icon}`} aria-hidden="true" />
					)}
					<span className="autocomplete-label">{item.label}</span>
					{item.description !== undefined && (
						<span className="autocomplete-description">{item.description}</span>
					)}
				</li>
			))}
		</ul>
	)
}
