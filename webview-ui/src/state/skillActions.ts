import { postToHost } from "../vscode"
import { updateSetting } from "./settingsActions"

/** Asks the host to list the skills as their folders are now; it answers with `skills`. */
export function requestSkills(): void {
	postToHost({ type: "requestSkills" })
}

/** Turns a skill on or off by name: the whole list of names turned off is sent, then the listing is asked for again. */
export function setSkillEnabled(disabled: readonly string[], name: string, enabled: boolean): void {
	const others = disabled.filter((other) => other !== name)
	updateSetting({ disabledSkills: enabled ? others : [...others, name] })
	requestSkills()
}
