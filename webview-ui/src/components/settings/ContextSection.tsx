import { useId } from "react"
import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { CheckboxField } from "./CheckboxField"
import { CondensingModelFields } from "./CondensingModelFields"
import { NumberField } from "./NumberField"

/** How Cairn keeps a long task inside the model's context window. */
export function ContextSection() {
	const auto = useWebviewStore((s) => s.settings.autoCondenseContext)
	const percent = useWebviewStore((s) => s.settings.autoCondenseContextPercent)
	const titleId = useId()
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>Context</h2>
			<CheckboxField
				label="Condense automatically"
				description="When the next request would fill the context window past the threshold below, Cairn first summarizes the conversation so far. Off, it drops the oldest messages instead when the window is full."
				checked={auto}
				onChange={(autoCondenseContext) => updateSetting({ autoCondenseContext })}
			/>
			<div className={["nested-fields", !auto && "inactive"].filter(Boolean).join(" ")}>
				<NumberField
					label="Condense at (% of the window)"
					description="A share of the usable window: the context window less the room kept for the model's answer."
					value={percent}
					min={10}
					max={100}
					integer
					disabled={!auto}
					onCommit={(autoCondenseContextPercent) => updateSetting({ autoCondenseContextPercent })}
				/>
			</div>
			<CondensingModelFields />
		</section>
	)
}
