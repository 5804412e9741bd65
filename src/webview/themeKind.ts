import type { ExtensionMessageOf } from "@cairn/types"
import * as vscode from "vscode"

export type ThemeKind = ExtensionMessageOf<"theme">["kind"]

export function themeKindOf(kind: vscode.ColorThemeKind): ThemeKind {
	switch (kind) {
		case vscode.ColorThemeKind.Light:
			return "light"
		case vscode.ColorThemeKind.HighContrast:
			return "high-contrast"
		case vscode.ColorThemeKind.HighContrastLight:
			return "high-contrast-light"
		default:
			return "dark"
	}
}
