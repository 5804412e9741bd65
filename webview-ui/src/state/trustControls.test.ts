import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"

const sourceRoot = path.resolve(__dirname, "..")

/** The webview's own source files (tests left out), relative to src/. */
function sources(): string[] {
	return readdirSync(sourceRoot, { recursive: true, encoding: "utf8" })
		.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
		.map((file) => file.split(path.sep).join("/"))
		.sort()
}

const sends = (file: string, pattern: RegExp) =>
	pattern.test(readFileSync(path.join(sourceRoot, file), "utf8"))

describe("trust settings leave the webview only from the person's trust controls", () => {
	it("updateTrustSettings is posted by settingsActions alone, and called only by the controls that show a trust setting", () => {
		expect(sources().filter((file) => sends(file, /["']updateTrustSettings["']/))).toEqual([
			"state/settingsActions.ts",
		])
		// Not a rendered message, a mode import, a follow-up suggestion or the generic updateSetting.
		expect(sources().filter((file) => sends(file, /\bupdateTrustSetting\(/))).toEqual([
			"components/chat/switchers/AutoApprovalBar.tsx",
			"components/settings/AutoApprovalSection.tsx",
			"components/settings/BrowserSection.tsx",
			"components/settings/BudgetProfileSwitchFields.tsx",
			"components/settings/BudgetsSection.tsx",
			"components/settings/CondensingModelFields.tsx",
			"components/settings/ProviderSection.tsx",
			"components/settings/SettingsView.tsx",
			"components/settings/codebase-index/EmbeddingModelFields.tsx",
			"components/settings/telemetry/TelemetrySection.tsx",
			"components/welcome/ProviderSetupForm.tsx",
			"state/settingsActions.ts",
		])
	})
})
