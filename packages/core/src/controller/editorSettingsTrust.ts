/**
 * Which editor settings a workspace may set. A cloned repository ships its own
 * `.vscode/settings.json`; a value there that widened what runs unasked (more allowed commands,
 * hooks that run on every tool call) would hand the repository's author the person's trust. So
 * those come only from the person's own (user) settings; a workspace may add denials, never
 * remove them, and may set what widens nothing (the command timeout, the language).
 */
export type EditorSettingScope = "userOnly" | "workspaceAdds" | "workspaceOverrides"

export const editorSettingScopes = {
	allowedCommands: "userOnly",
	hooks: "userOnly",
	// Hands commands more of the person's environment (tokens, among others).
	commandEnvironment: "userOnly",
	deniedCommands: "workspaceAdds",
	// Hides more from sandboxed commands, which narrows what they reach.
	commandSandboxHiddenPaths: "workspaceAdds",
	commandTimeoutSec: "workspaceOverrides",
	// The person's machine carries the tasks running at once; a repository does not decide how many.
	maxConcurrentTasks: "userOnly",
	// A repository does not choose where on the person's disk Cairn writes its worktrees.
	worktreesFolder: "userOnly",
	// The person's own rules folders are theirs: a repository does not turn them off.
	disabledInstructionFiles: "userOnly",
	// The person's own skills are theirs: a repository does not turn them off.
	disabledSkills: "userOnly",
	// Widens nothing; a workspace may set the language its people work in.
	language: "workspaceOverrides",
} as const satisfies Record<string, EditorSettingScope>

export type EditorOwnedSetting = keyof typeof editorSettingScopes

/** The settings that live in the editor's settings file when the host has one. */
export const editorOwnedSettings = Object.keys(editorSettingScopes) as EditorOwnedSetting[]

/** Settings the Settings view writes to the user's file, since the workspace's would be ignored. */
export const userScopedSettings: readonly EditorOwnedSetting[] = editorOwnedSettings.filter(
	(key) => editorSettingScopes[key] !== "workspaceOverrides",
)

/**
 * The value Cairn uses for `key`, given the user's and the workspace's values (undefined where
 * unset). `ignored` is true when the workspace set a value that was not taken.
 */
export function effectiveEditorValue(
	key: EditorOwnedSetting,
	user: unknown,
	workspace: unknown,
): { value: unknown; ignored: boolean } {
	switch (editorSettingScopes[key]) {
		case "userOnly":
			return { value: user, ignored: workspace !== undefined }
		case "workspaceAdds":
			if (!Array.isArray(workspace)) return { value: user, ignored: workspace !== undefined }
			if (user !== undefined && !Array.isArray(user)) return { value: user, ignored: true }
			return {
				value: [...new Set([...((user as unknown[] | undefined) ?? []), ...workspace])],
				ignored: false,
			}
		case "workspaceOverrides":
			return { value: workspace ?? user, ignored: false }
	}
}
