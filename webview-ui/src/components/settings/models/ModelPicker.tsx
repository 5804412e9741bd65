import "./models.css"
import type { ListedModel, ProviderName, ProviderSettings } from "@cairn/types"
import { useId, useState, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { useWebviewStore } from "../../../state/store"
import { postToHost } from "../../../vscode"
import { useDraft } from "../useDraft"
import { modelSummary } from "./modelInfoEdits"

/** More than this many matches are cut: a list of hundreds helps nobody; typing narrows it. */
const shownAtMost = 50
let nextRequestId = 1

/** What a listing depends on: another provider or address is another list. */
const listingKey = (provider: ProviderName, settings: ProviderSettings | undefined) =>
	`${provider} ${settings?.baseUrl ?? ""}`

/** Where to ask: the settings so far, without a model id while none is chosen yet. */
function askedWith(provider: ProviderName, settings: ProviderSettings | undefined) {
	if (settings?.provider !== provider) return { provider }
	const { modelId, ...where } = settings
	return modelId === "" ? where : settings
}

function matches(model: ListedModel, typed: string): boolean {
	const words = typed.toLowerCase().split(/\s+/).filter(Boolean)
	const text = `${model.id} ${model.name ?? ""}`.toLowerCase()
	return words.every((word) => text.includes(word))
}

/**
 * The model id as a searchable list (the ARIA combobox pattern): the provider's models are asked
 * for when the field gets the focus, typing filters them by id and name, Up/Down and Enter or a
 * click pick one, and a typed id that is not listed is kept as typed (on Enter or leaving the
 * field). Below it, what is known of the chosen model.
 */
export function ModelPicker(props: {
	label: string
	provider: ProviderName
	/** The provider's settings so far: none, or a model id of "" before the first model is chosen. */
	settings: ProviderSettings | undefined
	placeholder: string
	onCommit: (modelId: string) => void
	onPick: (model: ListedModel) => void
}) {
	const { t } = useTranslation("settings")
	const { provider, settings } = props
	const id = useId()
	const value = settings?.provider === provider ? settings.modelId : ""
	const [draft, setDraft] = useDraft(value)
	const [open, setOpen] = useState(false)
	/** The option the keyboard or mouse is on; none until the person moves there. */
	const [active, setActive] = useState<number>()
	const [asked, setAsked] = useState<{ requestId: number; key: string }>()
	const answer = useWebviewStore((s) => s.modelList)
	const key = listingKey(provider, settings)
	const listed = asked?.key === key && answer?.requestId === asked.requestId ? answer : undefined
	const loading = asked?.key === key && listed === undefined

	const request = () => {
		const requestId = nextRequestId++
		setAsked({ requestId, key })
		postToHost({ type: "requestModels", requestId, provider: askedWith(provider, settings) })
	}
	const typed = draft.trim()
	const models = listed?.models ?? []
	const shown = (typed === value ? models : models.filter((model) => matches(model, typed))).slice(
		0,
		shownAtMost,
	)
	const activeIndex = active === undefined || shown.length === 0 ? -1 : Math.min(active, shown.length - 1)
	const chosen = models.find((model) => model.id === value)

	/** The typed id: a listed one is picked with its info, any other kept as typed. */
	const commitTyped = () => {
		setOpen(false)
		if (typed === "" || typed === value) return
		const listedModel = models.find((model) => model.id === typed)
		if (listedModel !== undefined) props.onPick(listedModel)
		else props.onCommit(typed)
	}
	const pick = (model: ListedModel) => {
		setOpen(false)
		setDraft(model.id)
		props.onPick(model)
	}
	const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		const step = (by: number) => {
			setOpen(true)
			if (shown.length === 0) return
			const from = activeIndex < 0 ? (by > 0 ? -1 : 0) : activeIndex
			setActive((from + by + shown.length) % shown.length)
		}
		if (event.key === "ArrowDown") step(1)
		else if (event.key === "ArrowUp") step(-1)
		else if (event.key === "Escape") setOpen(false)
		else if (event.key === "Enter") {
			const model = open && activeIndex >= 0 ? shown[activeIndex] : undefined
			if (model !== undefined) pick(model)
			else commitTyped()
		} else return
		event.preventDefault()
	}
	const listId = `${id}-models`
	const optionId = (index: number) => `${id}-model-${index}`
	const expanded = open && shown.length > 0

	return (
		<div className="field model-picker">
			<label htmlFor={id}>{props.label}</label>
			<div className="inline-form">
				<input
					id={id}
					className="text-input"
					role="combobox"
					aria-autocomplete="list"
					aria-expanded={expanded}
					aria-controls={expanded ? listId : undefined}
					aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
					value={draft}
					placeholder={props.placeholder}
					onFocus={() => {
						setOpen(true)
						if (asked?.key !== key) request()
					}}
					onChange={(event) => {
						setDraft(event.target.value)
						setActive(undefined)
						setOpen(true)
					}}
					onBlur={commitTyped}
					onKeyDown={onKeyDown}
				/>
				<button type="button" className="button secondary" onClick={request}>
					{t("models.refresh")}
				</button>
			</div>
			{expanded && (
				<ul
					className="model-picker-list"
					id={listId}
					role="listbox"
					aria-label={t("models.choices", { label: props.label })}
				>
					{shown.map((model, index) => (
						<li
							key={model.id}
							id={optionId(index)}
							role="option"
							aria-selected={index === activeIndex}
							className={index === activeIndex ? "active" : undefined}
							// Picking must not blur the field first, which would commit the typed text.
							onMouseDown={(event) => {
								event.preventDefault()
								pick(model)
							}}
							onMouseEnter={() => setActive(index)}
						>
							<span className="model-picker-id">{model.id}</span>
							<span className="model-picker-detail">
								{[model.name, modelSummary(model.info, t)].filter(Boolean).join(" · ")}
							</span>
						</li>
					))}
				</ul>
			)}
			<div className="field-description" role="status">
				{loading
					? t("models.asking")
					: listed?.error !== undefined
						? t("models.couldNotList", { error: listed.error })
						: chosen !== undefined
							? modelSummary({ ...chosen.info, ...settings?.modelInfo }, t)
							: listed !== undefined
								? t("models.listed", { count: models.length })
								: undefined}
			</div>
		</div>
	)
}
