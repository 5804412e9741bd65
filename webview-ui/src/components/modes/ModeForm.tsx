import { toolGroupNames } from "@cairn/types"
import { useId, useState, type ReactNode } from "react"
import { saveCustomMode } from "../../state/modeActions"
import { CheckboxField } from "../settings/CheckboxField"
import { checkDraft, groupDescriptions, type ModeDraft } from "./modeDraft"

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
	const [problems, setProblems] = useState<string[]>([])
	const set = <K extends keyof ModeDraft>(key: K, value: ModeDraft[K]) =>
		setDraft({ ...draft, [key]: value })
	const save = () => {
		const checked = checkDraft(draft)
		if (!checked.ok) return setProblems(checked.problems)
		saveCustomMode(draft.source, checked.mode, editing)
		onDone()
	}
	const text = (key: "slug" | "name" | "whenToUse" | "fileRegex" | "fileDescription", label: string) => (
		<Field label={label}>
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
	const area = (key: "roleDefinition" | "customInstructions", label: string) => (
		<Field label={label}>
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
	return (
		<form
			className="mode-form"
			aria-label={editing ? `Edit ${editing}` : "New mode"}
			onSubmit={(event) => {
				event.preventDefault()
				save()
			}}
		>
			<Field label="Save in">
				{(id) => (
					<select
						id={id}
						value={draft.source}
						disabled={editing !== undefined}
						onChange={(event) => set("source", event.target.value as ModeDraft["source"])}
					>
						<option value="global">Your modes (every workspace)</option>
						<option value="project">This workspace (.cairn/modes.yaml)</option>
					</select>
				)}
			</Field>
			{text("slug", "Slug")}
			{text("name", "Name")}
			{area("roleDefinition", "Role")}
			{text("whenToUse", "When to use")}
			<fieldset className="mode-groups">
				<legend>Tools</legend>
				{toolGroupNames.map((group) => (
					<CheckboxField
						key={group}
						label={group}
						description={groupDescriptions[group]}
						checked={draft.groups[group]}
						onChange={(checked) => set("groups", { ...draft.groups, [group]: checked })}
					/>
				))}
			</fieldset>
			{draft.groups.edit && (
				<>
					{text("fileRegex", "Edit only files matching (regular expression, optional)")}
					{text("fileDescription", "Those files are (e.g. Markdown files)")}
				</>
			)}
			{area("customInstructions", "Instructions for this mode (optional)")}
			{problems.length > 0 && (
				<ul className="field-error" role="alert" aria-label="Problems">
					{problems.map((problem) => (
						<li key={problem}>{problem}</li>
					))}
				</ul>
			)}
			<div className="confirm-buttons">
				<button type="submit" className="button primary">
					Save
				</button>
				<button type="button" className="button secondary" onClick={onDone}>
					Cancel
				</button>
			</div>
		</form>
	)
}
