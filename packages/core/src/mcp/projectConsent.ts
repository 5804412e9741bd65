import path from "node:path"
import type { McpProblem } from "@cairn/types"
import {
	grantConsent,
	RepositoryConsent,
	type ConsentAsker,
	type RepositoryCode,
} from "../consent/repositoryConsent.js"
import type { KeyValueStore } from "../host/Host.js"
import { parse } from "./jsonc.js"
import type { ServerFile } from "./serverFiles.js"

/** A file the servers read, and what it held (see RepositoryCode.files). */
export type ConsentFile = NonNullable<RepositoryCode["files"]>[number]

export interface ProjectConsentOptions {
	/** Where consents are remembered (Cairn's own storage, never the repository). */
	state: KeyValueStore
	/** Asks the person; absent where nobody can be asked (the CLI without --allow-project-mcp). */
	ask?: ConsentAsker
	/** How a person allows the servers here, e.g. 'Run with --allow-project-mcp.' */
	howToAllow: string
}

/**
 * The person's consent to one of the workspace's MCP server files: its servers are programs a cloned
 * repository would have Cairn start, so they run only once the person agreed to the file's
 * exact text and to what the env files its servers read held (asked again whenever one changes:
 * a line added to an env file, such as NODE_OPTIONS, changes what the servers run). The question is asked in the background: the
 * person's own servers do not wait for the answer.
 */
export class ProjectConsent {
	private consent: RepositoryConsent
	private pending: string | undefined
	/** Texts the person refused (or nobody could be asked about) since the last Restart. */
	private readonly refused = new Set<string>()

	constructor(
		private readonly options: ProjectConsentOptions,
		private readonly workspaceRoot: string,
		private readonly serverFile: ServerFile,
	) {
		this.consent = new RepositoryConsent(options.state, options.ask)
	}

	/** A question is open. */
	get asking(): boolean {
		return this.pending !== undefined
	}

	get waitingProblem(): McpProblem {
		return { kind: "consent_waiting", params: { file: this.relativeFile } }
	}

	get refusedProblem(): McpProblem {
		return {
			kind: "consent_refused",
			params: { file: this.relativeFile, howToAllow: this.options.howToAllow },
		}
	}

	/** True when the person already agreed to this text with these files (nobody is asked). */
	async allowed(text: string, files: readonly ConsentFile[]): Promise<boolean> {
		const code = this.code(text, files)
		return (await new RepositoryConsent(this.options.state, undefined).decide(code)).allowed
	}

	/**
	 * Asks about `text` with `files` unless that is being asked already; `answered` runs once the
	 * person answered (or at once when nobody can be asked). A "no" is not asked again until
	 * `forgetRefusals`.
	 */
	ask(text: string, files: readonly ConsentFile[], answered: () => void): void {
		const asked = JSON.stringify([text, files])
		if (this.pending === asked || this.refused.has(asked)) return
		this.pending = asked
		void this.consent
			.decide(this.code(text, files))
			.catch(() => ({ allowed: false }))
			.then((decision) => {
				if (!decision.allowed) this.refused.add(asked)
				if (this.pending === asked) this.pending = undefined
				answered()
			})
	}

	/** The next ask asks the person again (Restart on a blocked server). */
	forgetRefusals(): void {
		this.refused.clear()
		this.consent = new RepositoryConsent(this.options.state, this.options.ask)
	}

	/** A change the person made through Cairn to a file they had agreed to keeps their consent. */
	async carryOver(before: string, after: string, files: readonly ConsentFile[]): Promise<void> {
		if (await this.allowed(before, files)) await grantConsent(this.options.state, this.code(after, files))
	}

	private get relativeFile(): string {
		return path.relative(this.workspaceRoot, this.serverFile.file) || this.serverFile.file
	}

	private code(content: string, files: readonly ConsentFile[]): RepositoryCode {
		return {
			kind: "projectMcpServers",
			workspaceRoot: this.workspaceRoot,
			file: this.relativeFile,
			...(this.serverFile.consentSlot !== undefined && { slot: this.serverFile.consentSlot }),
			content,
			names: serverNames(content, this.serverFile),
			...(files.length > 0 && { files }),
		}
	}
}

/** The names under the file's servers key, read as the hub reads the file (comments and trailing commas allowed). */
function serverNames(content: string, { serversKey }: ServerFile): string[] {
	const root: unknown = parse(content, [], { allowTrailingComma: true, disallowComments: false })
	const servers = (root as Record<string, unknown> | undefined)?.[serversKey]
	return typeof servers === "object" && servers !== null && !Array.isArray(servers)
		? Object.keys(servers)
		: []
}
