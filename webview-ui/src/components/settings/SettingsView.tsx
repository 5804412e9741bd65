import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { AutoApprovalSection } from "./AutoApprovalSection"
import { BrowserSection } from "./BrowserSection"
import { CheckboxField } from "./CheckboxField"
import { CommandListField } from "./CommandListField"
import { CheckpointsSection } from "./CheckpointsSection"
import { CodebaseIndexSection } from "./codebase-index/CodebaseIndexSection"
import { ContextSection } from "./ContextSection"
import { InstructionsField } from "./InstructionsField"
import { LanguageSection } from "./language/LanguageSection"
import { NumberField } from "./NumberField"
import { ProfilesSection } from "./ProfilesSection"
import { ProviderSection } from "./ProviderSection"
import "./settings.css"

/** Every setting; each change sends `updateSettings` with that one field. */
export function SettingsView() {
	const settings = useWebviewStore((s) => s.settings)
	const version = useWebviewStore((s) => s.version)
	return (
		<main className="settings-view" aria-label="Settings">
			<ProfilesSection />
			<ProviderSection />
			<ContextSection />
			<CheckpointsSection />
			<AutoApprovalSection />
			<section className="settings-section" aria-labelledby="settings-commands">
				<h2 id="settings-commands">Commands</h2>
				<CommandListField
					label="Allowed commands"
					description="Commands that may run without asking when auto-approve is on: a program and the arguments it starts with (git log, npm test). * allows any. Arguments that write files or run code need a rule of their own."
					values={settings.allowedCommands}
					onChange={(allowedCommands) => updateSetting({ allowedCommands })}
				/>
				<CommandListField
					label="Denied commands"
					description="Programs that always need your approval, however they are spelled or wrapped. Deny wins."
					values={settings.deniedCommands}
					onChange={(deniedCommands) => updateSetting({ deniedCommands })}
				/>
				<NumberField
					label="Command timeout (seconds)"
					description="A command still running after this long is stopped; 0 waits forever."
					value={settings.commandTimeoutSec}
					min={0}
					integer
					onCommit={(commandTimeoutSec) => updateSetting({ commandTimeoutSec })}
				/>
				<CheckboxField
					label="Sandbox auto-approved commands"
					description="Commands that run without your approval run in an OS sandbox (Linux, bubblewrap): only the workspace is writable and Cairn's storage is hidden. Where there is no sandbox they ask you first."
					checked={settings.commandSandbox}
					onChange={(commandSandbox) => updateSetting({ commandSandbox })}
				/>
				<CheckboxField
					label="Allow the network in the sandbox"
					description="Let sandboxed commands reach the network (package installs, servers on this machine)."
					checked={settings.commandSandboxNetwork}
					disabled={!settings.commandSandbox}
					onChange={(commandSandboxNetwork) => updateSetting({ commandSandboxNetwork })}
				/>
			</section>
			<BrowserSection />
			<CodebaseIndexSection />
			<LanguageSection />
			<section className="settings-section" aria-labelledby="settings-agent">
				<h2 id="settings-agent">Agent</h2>
				<NumberField
					label="Mistake limit"
					description="Consecutive failed tool uses before Cairn stops and asks you."
					value={settings.consecutiveMistakeLimit}
					min={1}
					integer
					onCommit={(consecutiveMistakeLimit) => updateSetting({ consecutiveMistakeLimit })}
				/>
				<NumberField
					label="Request retries"
					description="Retries of a failed model request (rate limit, server error, network) before asking you."
					value={settings.requestRetries}
					min={0}
					max={20}
					integer
					onCommit={(requestRetries) => updateSetting({ requestRetries })}
				/>
				<NumberField
					label="Request timeout (seconds)"
					description="How long a model request may send nothing (no answer, or no more of it) before it counts as a network failure and is retried."
					value={settings.requestIdleTimeoutMs / 1000}
					min={1}
					integer
					onCommit={(seconds) => updateSetting({ requestIdleTimeoutMs: seconds * 1000 })}
				/>
				<InstructionsField
					value={settings.customInstructions}
					onCommit={(customInstructions) => updateSetting({ customInstructions })}
				/>
			</section>
			{version !== undefined && <p className="muted settings-version">Cairn {version}</p>}
		</main>
	)
}
