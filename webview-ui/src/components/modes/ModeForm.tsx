import { toolGroupNames } from "@cairn/types"
import { useId, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { saveCustomMode } from "../../state/modeActions"
import { CheckboxField } from "../settings/CheckboxField"
import { checkDraft, type DraftProblem, type ModeDraft } from "./modeDraft"
import { modesSentence } from "./modesProblemText"

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
	const id = useId()
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			{children(id)}
		</div>
	)
}

/** Creates or edits a custom mode; `editing` is the slug of the mode being edited. */
export function ModeForm({
	initial,
	editing,
	onDone,
}: {
	initial: ModeDraft
	editing?: string
	onDone: () => void
}) {
	const [draft, setDraft] = useState(initial)
	const { t } = useTranslation("modes")
	const [problems, setProblems] = useState<DraftProblem[]>([])
	const set = <K extends keyof ModeDraft>(key: K, value: ModeDraft[K]) =>
		setDraft({ ...draft, [key]: value })
	const save = () => {
		const checked = checkDraft(draft)
		if (!checked.ok) return setProblems(checked.problems)
		saveCustomMode(draft.source, checked.mode, editing)
		onDone()
	}
	const text = (key: "slug" | "name" | "whenToUse" | "fileRegex" | "fileDescription") => (
		<Field label={t(`form.${key}`)}>
			{(id) => (
				<input
					id={id}
					className="text-input"
					value={draft[key]}
					onChange={(event) => set(key, event.target.value)}
				/>
			)}
		</Field>
	)
	const area = (key: "roleDefinition" | "customInstructions") => (
		<Field label={t(`form.${key}`)}>
			{(id) => (
				<textarea
					id={id}
					className="text-input"
					rows={4}
					value={draft[key]}
					onChange={(event) => set(key, event.target.value)}
				/>
			)}
		</Field>
	)
	// Built before the markup: the field keys are not text the person reads.
	const fields = {
		slug: text("slug"),
		name: text("name"),
		roleDefinition: area("roleDefinition"),
		whenToUse: text("whenToUse"),
		fileRegex: text("fileRegex"),
		fileDescription: text("fileDescription"),
		customInstructions: area("customInstructions"),
	}
	return (
		<form
			className="mode-form"
			aria-label={editing ? t("form.edit", { mode: editing }) : t("form.new")}
			onSubmit={(event) => {
				event.preventDefault()
				save()
			}}
		>
			<Field label={t("form.saveIn")}>
				{(id) => (
					<select
						id={id}
						value={draft.source}
						disabled={editing !== undefined}
						onChange={(event) => set("source", event.target.value as ModeDraft["source"])}
					>
						<option value="global">{t("files.global")}</option>
						<option value="project">{t("files.project")}</option>
					</select>
				)}
			</Field>
			{fields.slug}
			{fields.name}
			{fields.roleDefinition}
			{fields.whenToUse}
			<fieldset className="mode-groups">
				<legend>{t("form.tools")}</legend>
				{toolGroupNames.map((group) => (
					<CheckboxField
						key={group}
						label={group}
						description={t(`groups.${group}`)}
						checked={draft.groups[group]}
						onChange={(checked) => set("groups", { ...draft.groups, [group]: checked })}
					/>
				))}
			</fieldset>
			{draft.groups.edit && (
				<>
					{fields.fileRegex}
					{fields.fileDescription}
				</>
			)}
			{fields.customInstructions}
			{problems.length > 0 && (
				<ul className="field-error" role="alert" aria-label={t("form.problems")}>
					{problems.map((problem) => {
						const { place } = problem
						const field = "label" in place ? t(`form.place.${place.label}`) : place.key
						const text = t("form.problem", { field, message: modesSentence(problem, t) })
						return <li key={text}>{text}</li>
					})}
				</ul>
			)}
			<div className="confirm-buttons">
				<button type="submit" className="button primary">
					{t("form.save")}
				</button>
				<button type="button" className="button secondary" onClick={onDone}>
					{t("cancel")}
				</button>
			</div>
		</form>
	)
}
