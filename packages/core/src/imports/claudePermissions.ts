import type { CairnSettings, CairnSettingsPatch, ImportLine, ImportReport } from "@cairn/types"
import { safeParse } from "@cairn/types"
import { z } from "zod"
import { workspaceScope } from "../workspace/repositoryFile.js"
import { ImportFileError, parseImportJson, requireImportFile } from "./readImportFile.js"

// Claude Code's settings (`.claude/settings.json`, `.claude/settings.local.json`, the person's
// `~/.claude/settings.json`) hold permission rules: `permissions.allow` / `deny` / `ask`, each a
// tool name with an optional specifier, e.g. `Bash(npm run test:*)`, `Read(./.env)`.

const ruleList = z.array(z.string().max(1_000)).max(1_000).optional()
const claudeSettingsSchema = z.object({
	permissions: z.object({ allow: ruleList, deny: ruleList, ask: ruleList }).optional(),
})

/** A Bash rule as a Cairn command prefix; undefined when it is no plain prefix (a `*` inside it). */
export function bashRulePrefix(rule: string): string | undefined {
	const match = /^Bash(?:\((.*)\))?$/s.exec(rule.trim())
	if (match === null) return undefined
	const inside = (match[1] ?? "*").trim()
	if (inside === "" || inside === "*") return "*"
	// `npm run test:*` (Claude's prefix form) and `npm run test *` both mean "starting with".
	const prefix = inside.replace(/(:\*|\s\*)$/, "").trim()
	return prefix === "" || prefix.includes("*") ? undefined : prefix
}

/**
 * Offers Claude Code's permission rules as Cairn's: Bash rules become allowed and denied command
 * prefixes (an `ask` rule is what Cairn does anyway); rules on files and other tools have no Cairn
 * counterpart and are reported as skipped, saying so.
 */
export function claudePermissionRules(
	raw: unknown,
	settings: Pick<CairnSettings, "allowedCommands" | "deniedCommands">,
): { lines: ImportLine[]; patch: CairnSettingsPatch } {
	const parsed = safeParse(claudeSettingsSchema, raw)
	if (!parsed.success) throw new ImportFileError(`not a Claude Code settings file: ${parsed.error}`)
	const lines: ImportLine[] = []
	const take = (
		rules: readonly string[] | undefined,
		have: readonly string[],
		kind: "allowedCommand" | "deniedCommand",
	) => {
		const added: string[] = []
		for (const rule of rules ?? []) {
			const prefix = bashRulePrefix(rule)
			if (prefix === undefined) {
				const bash = rule.trim().startsWith("Bash")
				lines.push({
					kind: bash ? kind : "readRule",
					name: rule,
					skipped: bash ? "invalid" : "unsupported_rule",
					...(bash && { detail: "Cairn's command rules are prefixes: a * only at the end" }),
				})
				continue
			}
			const there = have.includes(prefix) || added.includes(prefix)
			if (!there) added.push(prefix)
			lines.push({ kind, name: prefix, ...(there && { skipped: "already_there" as const }) })
		}
		return added
	}
	const permissions = parsed.data.permissions ?? {}
	const allowed = take(permissions.allow, settings.allowedCommands, "allowedCommand")
	const denied = take(permissions.deny, settings.deniedCommands, "deniedCommand")
	return {
		lines,
		patch: {
			...(allowed.length > 0 && { allowedCommands: [...settings.allowedCommands, ...allowed] }),
			...(denied.length > 0 && { deniedCommands: [...settings.deniedCommands, ...denied] }),
		},
	}
}

/**
 * Reads a Claude Code settings file and adds its command rules to the settings; with `preview`,
 * only says what it would add (the rules of a repository's file are shown before they count).
 * With `workspace`, the file is the workspace's own and is read as any repository file is.
 */
export async function importClaudePermissions(
	file: string,
	settings: { readonly settings: CairnSettings; update(patch: CairnSettingsPatch): Promise<unknown> },
	options: { workspace?: string; preview?: boolean } = {},
): Promise<ImportReport> {
	const raw = parseImportJson(
		file,
		await requireImportFile(
			file,
			1_000_000,
			options.workspace === undefined ? undefined : workspaceScope(options.workspace),
		),
	)
	const { lines, patch } = claudePermissionRules(raw, settings.settings)
	if (options.preview === true) return { source: "claudePermissions", from: file, lines, preview: true }
	if (Object.keys(patch).length > 0) await settings.update(patch)
	return { source: "claudePermissions", from: file, lines }
}
