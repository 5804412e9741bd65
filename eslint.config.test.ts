import { ESLint } from "eslint"
import { describe, expect, it } from "vitest"

// The layering of DESIGN.md is law only if lint really fails when an arrow points the wrong way.
const eslint = new ESLint({ cwd: import.meta.dirname })

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath })
	return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message)
}

describe("lint enforces the layering", () => {
	it.each([
		["packages/core/src/x.ts", 'import * as vscode from "vscode"'],
		["packages/core/src/x.ts", 'import React from "react"'],
		["packages/core/src/x.ts", 'import { render } from "ink"'],
		["packages/core/src/x.ts", 'import { run } from "@cairn/cli"'],
		["packages/types/src/x.ts", 'import * as vscode from "vscode"'],
		["packages/types/src/x.ts", 'import { Task } from "@cairn/core"'],
		["packages/types/src/x.ts", 'import { useState } from "react"'],
		["webview-ui/src/x.ts", 'import { Controller } from "@cairn/core"'],
		["webview-ui/src/x.ts", 'import { Task } from "../../packages/core/src/task/Task.js"'],
		["webview-ui/src/x.ts", 'import * as vscode from "vscode"'],
	])("%s may not `%s`", async (file, code) => {
		expect(await layeringErrors(file, `${code}\nexport {}\n`)).not.toEqual([])
	})

	it.each([
		["packages/core/src/x.ts", 'import { z } from "zod"'],
		["packages/core/src/x.ts", 'import type { ClineMessage } from "@cairn/types"'],
		["webview-ui/src/x.ts", 'import type { ClineMessage } from "@cairn/types"'],
		["src/x.ts", 'import * as vscode from "vscode"'],
	])("%s may `%s`", async (file, code) => {
		expect(await layeringErrors(file, `${code}\nexport {}\n`)).toEqual([])
	})
})

// Issue 22: a component that shows English written into it, instead of a translation key, fails lint.
describe("lint keeps the webview's text in its translations", () => {
	async function literalErrors(filePath: string, body: string): Promise<string[]> {
		const code = `import { useTranslation } from "react-i18next"\nexport function Row() {\n\tconst { t } = useTranslation("rows")\n\treturn ${body}\n}\n`
		const [result] = await eslint.lintText(code, { filePath })
		return (result?.messages ?? [])
			.filter((m) => m.ruleId === "i18next/no-literal-string")
			.map((m) => m.message)
	}
	const component = "webview-ui/src/components/rows/Row.tsx"

	it.each([
		["text between tags", "<p>Command failed</p>"],
		["a string in braces", '<p>{"Command failed"}</p>'],
		["a title", '<button title="Open the file" aria-label={t("open")} />'],
		["an aria-label", '<button aria-label="Close" />'],
		["a placeholder", '<input placeholder="Type a message" />'],
		["an image's alt", '<img alt="Screenshot" src="x.png" />'],
	])("fails on %s", async (_what, body) => {
		expect(await literalErrors(component, body)).not.toEqual([])
	})

	it.each([
		["keys", '<p title={t("hint")}>{t("failed")}</p>'],
		["class names, roles and ids", '<div className="row-header" role="status" id="x" data-kind="say" />'],
		["punctuation and symbols between keys", '<p>{t("a")} · {t("b")} — 42%</p>'],
	])("accepts %s", async (_what, body) => {
		expect(await literalErrors(component, body)).toEqual([])
	})

	it("leaves tests free to assert on English", async () => {
		expect(
			await literalErrors("webview-ui/src/components/rows/Row.test.tsx", "<p>Command failed</p>"),
		).toEqual([])
	})
})
