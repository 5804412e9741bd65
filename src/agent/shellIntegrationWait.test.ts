import { describe, expect, it } from "vitest"
import { shellIntegrationWaitMs } from "./shellIntegrationWait"

describe("how long a new terminal gets to report shell integration", () => {
	it("is long for a shell the editor gives integration to itself, as the machine may be busy", () => {
		for (const shell of [
			"/bin/bash",
			"/usr/bin/zsh",
			"/opt/homebrew/bin/fish",
			"C:\\Program Files\\PowerShell\\7\\pwsh.exe",
			"C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe",
			"C:\\Program Files\\Git\\bin\\bash.exe",
		])
			expect(shellIntegrationWaitMs(shell, true)).toBe(20_000)
	})

	it("is short for a shell that may never report it, or when the person turned integration off", () => {
		expect(shellIntegrationWaitMs("/bin/sh", true)).toBe(5_000)
		expect(shellIntegrationWaitMs("/usr/bin/nu", true)).toBe(5_000)
		expect(shellIntegrationWaitMs("C:\\Windows\\System32\\cmd.exe", true)).toBe(5_000)
		expect(shellIntegrationWaitMs("/bin/bash", false)).toBe(5_000)
		expect(shellIntegrationWaitMs("", true)).toBe(5_000)
	})
})
