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
