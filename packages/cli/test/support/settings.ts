import type { CairnSettingsPatch } from "@cairn/types"
import { ExtensionHost } from "../../src/host/ExtensionHost.js"

const silent = { debug() {}, info() {}, warn() {}, error() {} }

/** Stores settings in a CAIRN_HOME the way any client does: an updateSettings message to the host. */
export async function storeSettings(
	workspace: string,
	cairnHome: string,
	settings: CairnSettingsPatch,
): Promise<void> {
	const host = await ExtensionHost.start({
		workspace,
		storageDir: cairnHome,
		logger: silent,
		version: "test",
	})
	try {
		await host.sendToExtension({ type: "updateSettings", settings })
	} finally {
		await host.shutdown()
	}
}
