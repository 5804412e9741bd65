import path from "node:path"
import {
	maxCommandNameLength,
	slashCommandNameSchema,
	type CommandFileIssue,
	type CommandFileProblem,
	type SlashCommandsSnapshot,
	type SlashCommandView,
} from "@cairn/types"
import { builtInCommandViews, isBuiltInCommand } from "./builtInCommands.js"
import { maxCommandFileLength, parseCommandFile, type CommandFileContent } from "./commandFile.js"
import { commandFileIssue, commandFileProblem } from "./commandFileProblems.js"
import {
	listRepositoryFolder,
	readRepositoryFile,
	settingsScope,
	workspaceScope,
	type FileScope,
} from "../workspace/repositoryFile.js"

/** A folder of command files: the person's own, or the workspace's. */
export type CommandFolderSource = "global" | "project"

/** More commands than a menu can show; a folder with thousands of files is cut short here. */
export const maxCommandsPerFolder = 200

/** A command read from a file: what the menu shows and the prompt it stands for. */
export interface CustomSlashCommand extends SlashCommandView {
	source: CommandFolderSource
	file: string
	body: string
}

/**
 * Other tools' folders of command files in the workspace, read as the workspace's commands after
 * Cairn's own: Roo Code's commands, Claude Code's commands and Cline's workflows (each a Markdown
 * file whose name is the command's).
 */
export const otherToolCommandFolders: readonly string[] = [
	".roo/commands",
	".claude/commands",
	".clinerules/workflows",
]

export interface CommandFolders {
	workspaceRoot: string
	/** The person's own storage folder, which their command files (and links among them) stay in. */
	storageDir: string
	/** `<storage>/settings/commands`, beside the person's modes file. */
	global: string
	/** `<workspace>/.cairn/commands`. */
	project: string
}

/** Where a host's person and workspace keep their command files. */
export function commandFolders(workspaceRoot: string, storageDir: string): CommandFolders {
	return {
		workspaceRoot,
		storageDir,
		global: path.join(storageDir, "settings", "commands"),
		project: path.join(workspaceRoot, ".cairn", "commands"),
	}
}

/** The built-in commands and the command files as they were read, with why each file was left out. */
export class SlashCommandCatalog {
	constructor(
		readonly builtIn: readonly SlashCommandView[],
		readonly custom: readonly CustomSlashCommand[],
		readonly problems: readonly CommandFileProblem[],
	) {}

	/** The custom command of this name; built-in names are the caller's to act on. */
	customCommand(name: string): CustomSlashCommand | undefined {
		return this.custom.find((command) => command.name === name)
	}

	snapshot(): SlashCommandsSnapshot {
		return {
			commands: [...this.builtIn, ...this.custom.map(({ body: _body, ...view }) => view)],
			problems: [...this.problems],
		}
	}
}

interface FolderContent {
	commands: CustomSlashCommand[]
	problems: CommandFileProblem[]
}

/** How problems and commands name a file: the workspace's relative to it, the person's in full. */
function labelOf(folders: CommandFolders, source: CommandFolderSource, file: string): string {
	return source === "project" ? path.relative(folders.workspaceRoot, file) : file
}

/**
 * The folder whose subfolders hold commands too: Claude Code's namespaces. A subfolder does not
 * change a command's name (`frontend/component.md` is `/component`); it is shown beside the
 * command's source, `project:frontend`
 * (https://docs.anthropic.com/en/docs/claude-code/slash-commands#namespacing).
 */
const namespacedFolder = ".claude/commands"

/** A command file found in a folder (or one subfolder down) and the name it is invoked by. */
interface CommandEntry {
	file: string
	name: string
	/** The subfolder it is in, for a file one subfolder down. */
	namespace?: string
}

/** The `.md` entries of a folder; a folder named like a command file is one too, to say why it is left out. */
function commandEntries(folder: string, names: readonly string[], namespace?: string): CommandEntry[] {
	return names
		.filter((name) => name.endsWith(".md"))
		.map((fileName) => ({
			file: path.join(folder, fileName),
			name: fileName.slice(0, -".md".length),
			...(namespace === undefined ? {} : { namespace }),
		}))
}

/**
 * Entries by name; of two with one name (`review.md` and `frontend/review.md`), the one at the top
 * of the folder first, then by subfolder, so the same file wins every time and names the others.
 */
function byNameThenDepth(a: CommandEntry, b: CommandEntry): number {
	if (a.name !== b.name) return a.name.localeCompare(b.name)
	if ((a.namespace === undefined) !== (b.namespace === undefined)) return a.namespace === undefined ? -1 : 1
	return a.file.localeCompare(b.file)
}

async function readFolder(
	folders: CommandFolders,
	source: CommandFolderSource,
	folder = folders[source],
): Promise<FolderContent> {
	const otherTool = folder !== folders[source]
	const content: FolderContent = { commands: [], problems: [] }
	const folderLabel = labelOf(folders, source, folder)
	const listing = await listRepositoryFolder(folder, { ...scopeOf(folders, source), shownAs: folderLabel })
	if (listing.kind === "absent") return content
	if (listing.kind === "skipped") {
		content.problems.push(
			commandFileProblem(folderLabel, commandFileIssue("unreadable", { said: listing.reason })),
		)
		return content
	}
	const entries = commandEntries(folder, [...listing.names, ...listing.folders])
	if (otherTool && path.relative(folders.workspaceRoot, folder) === namespacedFolder)
		for (const subfolder of listing.folders.filter((name) => !name.endsWith(".md"))) {
			const inner = path.join(folder, subfolder)
			const label = labelOf(folders, source, inner)
			const innerListing = await listRepositoryFolder(inner, {
				...scopeOf(folders, source),
				shownAs: label,
			})
			if (innerListing.kind === "skipped")
				content.problems.push(
					commandFileProblem(label, commandFileIssue("unreadable", { said: innerListing.reason })),
				)
			if (innerListing.kind === "ok")
				entries.push(...commandEntries(inner, innerListing.names, subfolder))
		}
	entries.sort(byNameThenDepth)
	if (entries.length > maxCommandsPerFolder)
		content.problems.push(
			commandFileProblem(
				folderLabel,
				commandFileIssue("too_many_files", { max: maxCommandsPerFolder }),
			),
		)
	for (const { file, name, namespace } of entries.slice(0, maxCommandsPerFolder)) {
		const label = labelOf(folders, source, file)
		const parsed = await readCommandFile(folders, source, file, label, name, otherTool)
		if ("problem" in parsed) {
			content.problems.push(commandFileProblem(label, parsed.problem))
			continue
		}
		content.commands.push({
			name,
			...parsed,
			source,
			file: label,
			...(namespace === undefined ? {} : { namespace }),
		})
	}
	return content
}

/** The folder a command file's real path must stay in: the workspace's, or the person's storage. */
function scopeOf(folders: CommandFolders, source: CommandFolderSource): FileScope {
	return source === "project" ? workspaceScope(folders.workspaceRoot) : settingsScope(folders.storageDir)
}

/** A command file's content, or the one thing wrong with its name or its text. */
async function readCommandFile(
	folders: CommandFolders,
	source: CommandFolderSource,
	file: string,
	label: string,
	name: string,
	otherTool: boolean,
): Promise<CommandFileContent | { problem: CommandFileIssue }> {
	if (!slashCommandNameSchema.safeParse(name).success)
		return { problem: commandFileIssue("name_invalid", { max: maxCommandNameLength }) }
	if (isBuiltInCommand(name)) return { problem: commandFileIssue("built_in_name", { name }) }
	const text = await readCommandText(folders, source, file, label)
	return typeof text === "string" ? parseCommandFile(text, { otherTool }) : { problem: text }
}

/**
 * A command file's text; a link out, a FIFO, a folder, too large or unreadable is a problem, not
 * an exception. Read a little past the limit, so a huge file is refused without being read whole.
 */
async function readCommandText(
	folders: CommandFolders,
	source: CommandFolderSource,
	file: string,
	label: string,
): Promise<string | CommandFileIssue> {
	const read = await readRepositoryFile(file, {
		...scopeOf(folders, source),
		maxBytes: maxCommandFileLength * 4,
		shownAs: label,
	})
	if (read.kind === "absent") return commandFileIssue("removed")
	if (read.kind === "skipped") return commandFileIssue("unreadable", { said: read.reason })
	if (read.truncated) return commandFileIssue("too_large", { max: maxCommandFileLength })
	return read.text
}

/**
 * Reads the commands as the files are now: built-in, then the person's folder, then the
 * workspace's `.cairn/commands/`; a workspace command replaces the person's of the same name.
 * Other tools' folders (otherToolCommandFolders) only add names not taken yet: a command of
 * theirs that an earlier one hides is named in that one's `shadows`.
 * Read afresh each time (a few small files): a command edited a moment ago is the one that runs.
 */
export async function loadSlashCommands(
	folders: CommandFolders,
	modeSlugs: readonly string[],
): Promise<SlashCommandCatalog> {
	const global = await readFolder(folders, "global")
	const project = await readFolder(folders, "project")
	const commands = [...global.commands]
	for (const command of project.commands) {
		const index = commands.findIndex((existing) => existing.name === command.name)
		if (index === -1) commands.push(command)
		else commands[index] = { ...command, overrides: "global" }
	}
	const others = await Promise.all(
		otherToolCommandFolders.map((folder) =>
			readFolder(folders, "project", path.join(folders.workspaceRoot, folder)),
		),
	)
	for (const command of others.flatMap((content) => content.commands)) {
		const winner = commands.find((existing) => existing.name === command.name)
		if (winner === undefined) commands.push(command)
		else winner.shadows = [...(winner.shadows ?? []), command.file]
	}
	commands.sort((a, b) => a.name.localeCompare(b.name))
	return new SlashCommandCatalog(builtInCommandViews(modeSlugs), commands, [
		...global.problems,
		...project.problems,
		...others.flatMap((content) => content.problems),
	])
}
