import { createHash } from "node:crypto"
import type { KeyValueStore } from "../host/Host.js"

/**
 * Code that comes with a repository rather than from the person: cloning a repository and
 * asking about it must not run it. It runs only once the person agreed to this exact content.
 */
export interface RepositoryCode {
	/**
	 * What kind of code, so each kind is agreed to on its own: the hooks file, or the project's
	 * MCP servers file (`.cairn/mcp.json`, whose servers are programs Cairn would start), or the
	 * worktree setup (`.cairn/worktree.json`: files copied, folders linked, commands run), or its
	 * test command run outside the sandbox for "Run checks" (asked each time, never remembered).
	 */
	kind: "workspaceHooks" | "projectMcpServers" | "worktreeSetup" | "checkCommand"
	/** The workspace it belongs to (absolute). */
	workspaceRoot: string
	/** Workspace-relative, for the person. */
	file: string
	/**
	 * Set where a workspace holds several files of one kind, each agreed to on its own (the MCP
	 * server files of other tools beside `.cairn/mcp.json`): each remembers its own consent.
	 */
	slot?: string
	/** The file's text, shown to the person and remembered by its hash. */
	content: string
	/** For the question: what the content would start, as Cairn reads it (an MCP file's server names). */
	names?: readonly string[]
	/**
	 * The workspace files the code runs or reads (a hook's `sh scripts/fmt.sh`), each with what
	 * it is now: the consent covers them too, so a rewritten script is asked about again.
	 */
	files?: readonly { path: string; state: string }[]
	/**
	 * Set when the files the code would run cannot be known before it runs (a variable names the
	 * script): then no consent can cover it, and it is refused without asking.
	 */
	unknowableFiles?: string
}

/** The workspace files with content among those the code names, for the question. */
export const filesWithContent = (code: RepositoryCode): string[] =>
	(code.files ?? []).filter((file) => file.state.startsWith("sha256 ")).map((file) => file.path)

/** Asks the person whether the code may run; true only for an explicit yes. */
export type ConsentAsker = (code: RepositoryCode) => Promise<boolean>

const contentHash = (content: string): string => createHash("sha256").update(content).digest("hex")

/** What a consent is remembered by: the content alone, or with the state of the files it names. */
const consentHash = (code: RepositoryCode): string =>
	code.files === undefined || code.files.length === 0
		? contentHash(code.content)
		: contentHash(JSON.stringify({ content: code.content, files: code.files }))

// Kept in Cairn's own storage: a consent stored in the repository would be the repository's to forge.
const storeKey = (code: Pick<RepositoryCode, "kind" | "workspaceRoot" | "slot">) =>
	`repositoryConsent:${code.kind}:${code.workspaceRoot}${code.slot === undefined ? "" : `:${code.slot}`}`

export type ConsentDecision =
	| { allowed: true }
	/** `first` is true the first time this content was refused here, when the person should hear why. */
	| { allowed: false; first: boolean; unknowableFiles?: string }

/**
 * The person's consent to a repository's code, remembered by the SHA-256 of the content and of
 * the files it names, and asked again when any of them changes. A "no" (or nobody to ask) holds for this object's life
 * (one task), so the person is asked once, not at every tool call.
 */
export class RepositoryConsent {
	private readonly refused = new Set<string>()

	constructor(
		private readonly state: KeyValueStore,
		private readonly ask: ConsentAsker | undefined,
	) {}

	/**
	 * Whether a decision on this kind of code here could be yes: someone can be asked, or the
	 * person agreed to some version of it before. When not, what the code names need not be read.
	 */
	async mayAllow(code: Pick<RepositoryCode, "kind" | "workspaceRoot" | "slot">): Promise<boolean> {
		return this.ask !== undefined || (await this.state.get(storeKey(code))) !== undefined
	}

	async decide(code: RepositoryCode): Promise<ConsentDecision> {
		const hash = consentHash(code)
		if (code.unknowableFiles !== undefined) {
			const first = !this.refused.has(hash)
			this.refused.add(hash)
			return { allowed: false, first, unknowableFiles: code.unknowableFiles }
		}
		if ((await this.state.get(storeKey(code))) === hash) return { allowed: true }
		if (this.refused.has(hash)) return { allowed: false, first: false }
		if (this.ask !== undefined && (await this.ask(code))) {
			await grantConsent(this.state, code)
			return { allowed: true }
		}
		this.refused.add(hash)
		return { allowed: false, first: true }
	}
}

/** Records that the person agreed to this content (an answer to the ask, or a flag they passed). */
export async function grantConsent(state: KeyValueStore, code: RepositoryCode): Promise<void> {
	if (code.unknowableFiles !== undefined)
		throw new Error("no consent can cover files only known when the code runs")
	await state.set(storeKey(code), consentHash(code))
}
