import type { CairnSettingsPatch } from "@cairn/types"
import { ExtensionHost } from "../../src/host/ExtensionHost.js"

const silent = { debug() {}, info() {}, warn() {}, error() {} }

/** Stores settings in a CAIRN_HOME as the person does (trust settings too): an updateTrustSettings message to the host. */
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
		await host.sendToExtension({ type: "updateTrustSettings", settings })
	} finally {
		await host.shutdown()
	}
}
