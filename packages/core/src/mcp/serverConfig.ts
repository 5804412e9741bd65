import type { McpProblem, McpSource, McpTransport } from "@cairn/types"
import { z } from "zod"

/** Seconds a call may run when the config does not say. */
export const defaultTimeoutSec = 60

/** How to reach a server: a process to start, or a URL. */
export type McpLaunch =
	| {
			transport: "stdio"
			command: string
			args: string[]
			env: Record<string, string>
			/** Absolute; the workspace root when the config gives none. */
			cwd: string
	  }
	| { transport: "streamable-http" | "sse"; url: string; headers: Record<string, string> }

/** One server entry of a config file, checked and with `${env:...}` expanded. */
export interface McpServerConfig {
	name: string
	source: McpSource
	configFile: string
	launch: McpLaunch
	disabled: boolean
	/** Tools whose calls run without asking. */
	alwaysAllow: string[]
	timeoutSec: number
	/**
	 * A stdio server's dotenv file (absolute), in files whose tool has one (VS Code, Cursor): read
	 * by the hub (see envFile.ts), its variables under `launch.env`'s.
	 */
	envFile?: string
	/**
	 * What the envFile held when its variables were read (see envFile.ts), as a consent names a
	 * file's state: the person's consent to a workspace's server covers the variables it starts with.
	 */
	envFileRead?: { path: string; state: string }
}

/** An entry that cannot start; it is still listed, with why. */
export interface InvalidServerConfig {
	name: string
	source: McpSource
	configFile: string
	/** A best guess from the entry, so the list shows something sensible. */
	transport: McpTransport
	disabled: boolean
	/** Why, in English (naming the field). */
	error: string
	problem: McpProblem
}

export type ServerEntry = McpServerConfig | InvalidServerConfig

export const isInvalid = (entry: ServerEntry): entry is InvalidServerConfig => "error" in entry

const common = {
	disabled: z.boolean().default(false),
	alwaysAllow: z.array(z.string()).default([]),
	timeout: z.number().int().min(1).max(3600).default(defaultTimeoutSec),
}

const stringMap = z.record(z.string(), z.string())

export const stdioEntrySchema = z.object({
	type: z.literal("stdio").optional(),
	command: z.string().min(1, "give the program to start"),
	args: z.array(z.string()).default([]),
	env: stringMap.default({}),
	cwd: z.string().min(1).optional(),
	envFile: z.string().min(1).optional(),
	...common,
})

export const remoteEntrySchema = z.object({
	// "http" is what some other tools call streamable HTTP.
	type: z.enum(["streamable-http", "http", "sse"], {
		error: 'say which transport the url speaks: "streamable-http" or "sse"',
	}),
	url: z.string().min(1),
	headers: stringMap.default({}),
	...common,
})

/** Every field an entry may have; anything else is reported (and ignored). */
export const knownFields: ReadonlySet<string> = new Set([
	...Object.keys(stdioEntrySchema.shape),
	...Object.keys(remoteEntrySchema.shape),
])
