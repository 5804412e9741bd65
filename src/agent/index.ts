// The agent side of the extension, bundled apart from extension.ts (dist/agent.js) and loaded
// on first use, so activating Cairn does not parse the agent, its SDKs and its schemas.
import { existsSync } from "node:fs"
import path from "node:path"
import {
	configureWasmDir,
	Controller,
	ControllerApi,
	coreTools,
	IpcServer,
	resumeDemo,
	toolSpecs,
	useRipgrep,
	type CairnApi,
} from "@cairn/core"
import * as vscode from "vscode"
import { EditorDemo } from "../demo/editorDemo"
import { buildEditorProvider } from "../languageModel/buildEditorProvider"
import { notifyWhenWaiting, type CairnView } from "./attentionNotifier"
import { CheckpointChanges } from "./checkpointChanges"
import { followCodebaseIndex } from "./codebaseIndexProgress"
import { EditPreviews } from "./editPreview"
import { trackOpenTask } from "./openTaskContextKey"
import { VsCodeHost } from "./VsCodeHost"

export interface Agent {
	controller: Controller
	/** The public API's methods, on this agent's Controller. */
	api: ControllerApi
	/** Serves the IPC socket at `socketPath` (a pipe name on Windows), for clients that know `token`, until the returned server closes. */
	serveIpc(socketPath: string, token: string): Promise<IpcServer>
	dispose(): Promise<void>
}

/** What the person lets programs (the API, the IPC socket) change: trust settings only when they said so at launch. */
export interface ProgramRights {
	mayChangeTrust: boolean
}

/** VS Code ships ripgrep; when it is not where expected, the core finds one itself. */
function editorRipgrep(): string | undefined {
	const binary = path.join(
		vscode.env.appRoot,
		"node_modules",
		"@vscode",
		"ripgrep",
		"bin",
		process.platform === "win32" ? "rg.exe" : "rg",
	)
	return existsSync(binary) ? binary : undefined
}

export async function createAgent(
	context: vscode.ExtensionContext,
	channel: vscode.LogOutputChannel,
	events: CairnApi,
	view: CairnView,
	programs: ProgramRights,
): Promise<Agent> {
	configureWasmDir(context.asAbsolutePath("dist"))
	const ripgrep = editorRipgrep()
	if (ripgrep !== undefined) useRipgrep(ripgrep)
	const previews = new EditPreviews()
	const checkpointChanges = new CheckpointChanges()
	const editorHost = new VsCodeHost(context, channel, previews, checkpointChanges)
	const demo = new EditorDemo(context, editorHost.workspaceRoot)
	const host = Object.assign(editorHost, { demo })
	const version = String((context.extension.packageJSON as { version?: unknown }).version ?? "unknown")
	const created: { controller?: Controller } = {}
	const codebaseIndex = followCodebaseIndex(() => created.controller)
	const controller = new Controller({
		host,
		version,
		tools: coreTools,
		toolSpecs: toolSpecs(coreTools),
		buildProvider: buildEditorProvider,
		events,
		mcp: {
			globalConfigFile: path.join(host.storageDir, "settings", "mcp_settings.json"),
			// A refusal holds until Restart, which asks again (in the consent modal).
			howToAllowProject: vscode.l10n.t(
				"Press Restart on one of them in the MCP view to be asked again.",
			),
		},
		onCodebaseIndexProgress: (progress) => codebaseIndex.onProgress(progress),
	})
	created.controller = controller
	await controller.initialize()
	// A demo profile kept from before (the window reloaded on the sample project) gets its model back.
	await resumeDemo(controller).catch((error: unknown) =>
		host.logger.warn("The demo's model could not start", { error: String(error) }),
	)
	const openTask = trackOpenTask(controller)
	const attention = notifyWhenWaiting(controller, view)
	return {
		controller,
		api: new ControllerApi(controller, programs),
		serveIpc: (socketPath, token) =>
			IpcServer.listen({ controller, path: socketPath, logger: host.logger, token, ...programs }),
		async dispose() {
			openTask.dispose()
			attention.dispose()
			codebaseIndex.dispose()
			await controller.dispose()
			await demo.stopModel()
			host.dispose()
			previews.dispose()
			checkpointChanges.dispose()
		},
	}
}
