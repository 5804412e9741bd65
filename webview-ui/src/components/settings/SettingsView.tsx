import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { updateSetting, updateTrustSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { AutoApprovalSection } from "./AutoApprovalSection"
import { BrowserSection } from "./BrowserSection"
import { BudgetsSection } from "./BudgetsSection"
import { CheckboxField } from "./CheckboxField"
import { CommandListField } from "./CommandListField"
import { CheckpointsSection } from "./CheckpointsSection"
import { CodebaseIndexSection } from "./codebase-index/CodebaseIndexSection"
import { ContextSection } from "./ContextSection"
import { SettingsFinder } from "./find/SettingsFinder"
import { useSettingsSearch } from "./find/useSettingsSearch"
import { InstructionFilesSection } from "./instruction-files/InstructionFilesSection"
import { InstructionsField } from "./InstructionsField"
import { SkillsSection } from "./skills/SkillsSection"
import { LanguageSection } from "./language/LanguageSection"
import { NumberField } from "./NumberField"
import { ProfilesSection } from "./ProfilesSection"
import { ImportSection } from "./imports/ImportSection"
import { ProviderSection } from "./ProviderSection"
import { TelemetrySection } from "./telemetry/TelemetrySection"
import "./settings.css"

/** Every setting; each change sends that one field: `updateTrustSettings` for a trust setting, else `updateSettings`. */
export function SettingsView() {
	const { t } = useTranslation("settings")
	const settings = useWebviewStore((s) => s.settings)
	const version = useWebviewStore((s) => s.version)
	const page = useRef<HTMLElement>(null)
	const [query, setQuery] = useState("")
	const sections = useSettingsSearch(page, query)
	return (
		<main ref={page} className="settings-view" aria-label={t("title")}>
			<SettingsFinder query={query} onQuery={setQuery} sections={sections} />
			<ProfilesSection />
			<ImportSection />
			<ProviderSection />
			<ContextSection />
			<CheckpointsSection />
			<InstructionFilesSection />
			<SkillsSection />
			<AutoApprovalSection />
			<BudgetsSection />
			<section className="settings-section" aria-labelledby="settings-commands">
				<h2 id="settings-commands">{t("commands.title")}</h2>
				<CommandListField
					label={t("commands.allowed")}
					description={t("commands.allowedDescription")}
					values={settings.allowedCommands}
					onChange={(allowedCommands) => updateTrustSetting({ allowedCommands })}
				/>
				<CommandListField
					label={t("commands.denied")}
					description={t("commands.deniedDescription")}
					values={settings.deniedCommands}
					onChange={(deniedCommands) => updateTrustSetting({ deniedCommands })}
				/>
				<NumberField
					label={t("commands.timeout")}
					description={t("commands.timeoutDescription")}
					value={settings.commandTimeoutSec}
					min={0}
					integer
					onCommit={(commandTimeoutSec) => updateSetting({ commandTimeoutSec })}
				/>
				<CheckboxField
					label={t("commands.sandbox")}
					description={t("commands.sandboxDescription")}
					checked={settings.commandSandbox}
					onChange={(commandSandbox) => updateTrustSetting({ commandSandbox })}
				/>
				<CheckboxField
					label={t("commands.sandboxNetwork")}
					description={t("commands.sandboxNetworkDescription")}
					checked={settings.commandSandboxNetwork}
					disabled={!settings.commandSandbox}
					onChange={(commandSandboxNetwork) => updateTrustSetting({ commandSandboxNetwork })}
				/>
			</section>
			<BrowserSection />
			<CodebaseIndexSection />
			<LanguageSection />
			<TelemetrySection />
			<section className="settings-section" aria-labelledby="settings-agent">
				<h2 id="settings-agent">{t("agent.title")}</h2>
				<NumberField
					label={t("agent.mistakeLimit")}
					description={t("agent.mistakeLimitDescription")}
					value={settings.consecutiveMistakeLimit}
					min={1}
					integer
					onCommit={(consecutiveMistakeLimit) => updateSetting({ consecutiveMistakeLimit })}
				/>
				<NumberField
					label={t("agent.retries")}
					description={t("agent.retriesDescription")}
					value={settings.requestRetries}
					min={0}
					max={20}
					integer
					onCommit={(requestRetries) => updateSetting({ requestRetries })}
				/>
				<NumberField
					label={t("agent.timeout")}
					description={t("agent.timeoutDescription")}
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
			{version !== undefined && <p className="muted settings-version">{t("version", { version })}</p>}
		</main>
	)
}
