import type { TFunction } from "i18next"
import { mentionText, type ExtensionMessageOf } from "@cairn/types"
import type { AutocompleteItem } from "../autocomplete/AutocompleteMenu"

export type FileSearch = ExtensionMessageOf<"fileSearchResults">

/** A suggestion of the @ menu and the text that picking it puts in the chat box. */
export interface MentionItem extends AutocompleteItem {
	insert?: string
}

const keywordItems = (t: TFunction<"chat">): MentionItem[] => [
	{
		key: "problems",
		label: t("mentions.problems"),
		description: t("mentions.problemsDescription"),
		icon: "warning",
		insert: "@problems ",
	},
	{
		key: "terminal",
		label: t("mentions.terminal"),
		description: t("mentions.terminalDescription"),
		icon: "terminal",
		insert: "@terminal ",
	},
	{
		key: "git-changes",
		label: t("mentions.gitChanges"),
		description: t("mentions.gitChangesDescription"),
		icon: "git-compare",
		insert: "@git-changes ",
	},
]

const urlHint = (t: TFunction<"chat">): MentionItem => ({
	key: "url-hint",
	label: t("mentions.url"),
	description: t("mentions.urlDescription"),
	icon: "link",
	hint: true,
})

/** What the host is asked to search for: the typed text without a leading "/" or escapes. */
export function fileQueryOf(query: string): string {
	return query.replace(/^\//, "").replace(/\\ /g, " ")
}

function fileItems(search: FileSearch | undefined): MentionItem[] {
	return (search?.results ?? []).map((entry) => {
		const mention =
			entry.type === "folder"
				? { kind: "folder" as const, path: `/${entry.path}/` }
				: { kind: "file" as const, path: `/${entry.path}` }
		const name = entry.path.split("/").at(-1) ?? entry.path
		return {
			key: `${entry.type}:${entry.path}`,
			label: entry.type === "folder" ? `${name}/` : name,
			description: entry.path,
			icon: entry.type === "folder" ? "folder" : "file",
			insert: `${mentionText(mention)} `,
		}
	})
}

function commitItems(query: string, search: FileSearch | undefined): MentionItem[] {
	const commits = search?.commits ?? []
	const matching =
		query === "" ? commits.slice(0, 3) : commits.filter((c) => c.hash.startsWith(query.toLowerCase()))
	return matching.map((commit) => ({
		key: `commit:${commit.hash}`,
		label: commit.hash,
		description: commit.subject,
		icon: "git-commit",
		insert: `@${commit.hash} `,
	}))
}

/** The @ menu's suggestions for what follows the "@", given the host's latest search results. */
export function mentionItems(
	query: string,
	search: FileSearch | undefined,
	t: TFunction<"chat">,
): MentionItem[] {
	if (/^https?:/i.test(query)) {
		return /^https?:\/\/\S+$/i.test(query)
			? [
					{
						key: "url",
						label: query,
						description: t("mentions.fetch"),
						icon: "link",
						insert: `@${query} `,
					},
				]
			: [urlHint(t)]
	}
	const lowered = query.toLowerCase()
	const keywords = query.startsWith("/")
		? []
		: keywordItems(t).filter((item) => item.key.startsWith(lowered))
	const files = fileItems(search)
	const commits = query.startsWith("/") ? [] : commitItems(lowered, search)
	if (query === "") return [...keywords, ...files.slice(0, 12), ...commits, urlHint(t)]
	const mayBeUrl = "https://".startsWith(lowered) || lowered.startsWith("http")
	return [...keywords, ...files, ...commits, ...(mayBeUrl ? [urlHint(t)] : [])]
}
