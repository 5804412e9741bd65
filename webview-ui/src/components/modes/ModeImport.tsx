import { useId, useState } from "react"
import { importModes, type ModesFile } from "../../state/modeActions"

/** Adds the modes of a modes file, pasted or picked; the host refuses the whole text if one mode is invalid. */
export function ModeImport({ onDone }: { onDone: () => void }) {
	const id = useId()
	const [text, setText] = useState("")
	const [source, setSource] = useState<ModesFile>("global")
	return (
		<form
			className="mode-form"
			aria-label="Import modes"
			onSubmit={(event) => {
				event.preventDefault()
				importModes(source, text)
				onDone()
			}}
		>
			<div className="field">
				<label htmlFor={`${id}-text`}>
					A modes file (YAML with a customModes list), as an export saves it
				</label>
				<textarea
					id={`${id}-text`}
					className="text-input"
					rows={8}
					value={text}
					onChange={(event) => setText(event.target.value)}
				/>
			</div>
			<div className="field">
				<label htmlFor={`${id}-file`}>Or read it from a file</label>
				<input
					id={`${id}-file`}
					type="file"
					accept=".yaml,.yml"
					onChange={(event) => {
						const file = event.target.files?.[0]
						if (file) void file.text().then(setText)
					}}
				/>
			</div>
			<div className="field">
				<label htmlFor={`${id}-source`}>Add to</label>
				<select
					id={`${id}-source`}
					value={source}
					onChange={(event) => setSource(event.target.value as ModesFile)}
				>
					<option value="global">Your modes (every workspace)</option>
					<option value="project">This workspace (.cairn/modes.yaml)</option>
				</select>
			</div>
			<div className="confirm-buttons">
				<button type="submit" className="button primary" disabled={text.trim() === ""}>
					Import
				</button>
				<button type="button" className="button secondary" onClick={onDone}>
					Cancel
				</button>
			</div>
		</form>
	)
}
