import { cp, readFile, realpath } from "node:fs/promises"
import { realpathSync } from "node:fs"
import path from "node:path"
import type { DemoHost } from "@cairn/core"
import * as vscode from "vscode"
import type * as DemoModule from "./demoModelServer"

type Server = Awaited<ReturnType<typeof DemoModule.startModelServer>>
type Turns = ReturnType<typeof DemoModule.parseScenarioFile>["turns"]

/** Long enough for any demo; the server is stopped with the demo's profile or the extension anyway. */
const serverLifetimeMs = 7 * 24 * 3_600_000

/**
 * The demo in the editor: the project's scripted model (packages/model-server) served in this
 * extension host on 127.0.0.1, playing dist/demo/scenario.json; copies of dist/demo/project under
 * the extension's global storage, one per start, so the person's own work is never touched and a
 * copy they changed is never overwritten.
 */
export class EditorDemo implements DemoHost {
	private server: Promise<{ server: Server; turns: Turns }> | undefined

	constructor(
		private readonly context: vscode.ExtensionContext,
		private readonly workspaceRoot: string,
	) {}

	/** Where the copies of the sample project go; `npm run launch -- --demo` puts its copy here too. */
	private get projectsDir(): string {
		return path.join(this.context.globalStorageUri.fsPath, "demo-projects")
	}

	private demoFile(name: string): string {
		return this.context.asAbsolutePath(path.join("dist", "demo", name))
	}

	async startModel(): Promise<string> {
		this.server ??= (async () => {
			// A computed path keeps esbuild from inlining the model server into the agent.
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when the demo starts
			const demo = require(path.join(__dirname, "demoModel.js")) as typeof DemoModule
			const file = demo.parseScenarioFile(await readFile(this.demoFile("scenario.json"), "utf8"))
			const server = await demo.startModelServer({ scenario: file.turns, lifetimeMs: serverLifetimeMs })
			return { server, turns: file.turns }
		})()
		try {
			return (await this.server).server.openaiBaseURL
		} catch (error) {
			this.server = undefined
			throw error
		}
	}

	restartScript(): void {
		void this.server?.then(({ server, turns }) => server.reset(turns))
	}

	async stopModel(): Promise<void> {
		const running = this.server
		this.server = undefined
		await (await running?.catch(() => undefined))?.server.close()
	}

	inSampleProject(): boolean {
		const inside = (root: string) => {
			const relative = path.relative(root, this.workspaceRoot)
			return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)
		}
		try {
			return inside(realpathSync(this.projectsDir))
		} catch {
			return false
		}
	}

	async openSampleProject(): Promise<void> {
		const copy = path.join(this.projectsDir, new Date().toISOString().replace(/[:.]/g, "-"))
		await cp(this.demoFile("project"), copy, { recursive: true, errorOnExist: true, force: false })
		// The editor reloads on the copy; the demo's profile, kept, starts the model there again.
		await vscode.commands.executeCommand("vscode.openFolder", vscode.Uri.file(await realpath(copy)), {
			forceNewWindow: false,
		})
	}
}
