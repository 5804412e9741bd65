import type { HistoryItem } from "@cairn/types"
import stringWidth from "string-width"
import { afterEach, describe, expect, it } from "vitest"
import { formatDateTime, useCliLanguage } from "../i18n/cliI18n.js"
import { formatCommandsList } from "./commandsList.js"
import { formatTaskList } from "./listTasks.js"
import { formatMcpList } from "./mcpList.js"
import { formatModelList } from "./modelsCommand.js"

afterEach(() => useCliLanguage("en"))

const task = (id: string, task: string, status: HistoryItem["status"]): HistoryItem => ({
	id,
	ts: Date.UTC(2026, 10, 26, 9, 5),
	task,
	tokensIn: 0,
	tokensOut: 0,
	totalCost: 0.25,
	status,
})

describe("the CLI's listings in the person's language", () => {
	it("heads the task table in Chinese, lining up columns by terminal width (a CJK character takes two)", async () => {
		await useCliLanguage("zh-CN")
		const [header, row] = formatTaskList([task("t-1", "修复构建", "completed")], "text").split("\n")
		expect(header).toMatch(/^ID {3}更新时间 +状态 +费用 +任务$/)
		expect(row).toBe(`t-1  ${formatDateTime(Date.UTC(2026, 10, 26, 9, 5))}  已完成  US$0.25  修复构建`)
		const column = (line: string, text: string) => stringWidth(line.slice(0, line.indexOf(text)))
		expect(column(header ?? "", "状态")).toBe(column(row ?? "", "已完成"))
		expect(column(header ?? "", "费用")).toBe(column(row ?? "", "US$"))
		expect(column(header ?? "", "任务")).toBe(column(row ?? "", "修复构建"))
	})

	it("writes prices per million tokens with the language's currency format (pt-BR)", async () => {
		await useCliLanguage("pt-BR")
		const text = formatModelList(
			"openrouter",
			[
				{
					id: "a/model",
					info: {
						contextWindow: 200_000,
						maxOutputTokens: 64_000,
						inputPrice: 0.075,
						outputPrice: 15,
					},
				},
			],
			"text",
		)
		expect(text).toBe("a/model  contexto 200k  saída 64k  US$\u00a00,075 / US$\u00a015 por M\n")
	})

	it("says where each slash command comes from, what it shadows, and what was left out, in French (a no-break space before its colons)", async () => {
		await useCliLanguage("fr")
		const text = formatCommandsList(
			{
				commands: [
					{
						name: "review",
						description: "Relire",
						source: "project",
						file: ".cairn/commands/review.md",
						overrides: "global",
						shadows: [".claude/commands/review.md"],
					},
				],
				problems: [
					{
						file: ".cairn/commands/Oops.md",
						kind: "name_invalid",
						params: { max: 64 },
						text: ".cairn/commands/Oops.md: bad name",
					},
				],
			},
			"text",
		)
		expect(text).toBe(
			"/review  Relire  (projet\u00a0: .cairn/commands/review.md, à la place de la globale, masque .claude/commands/review.md)\nIgnorée\u00a0: .cairn/commands/Oops.md: bad name\n",
		)
	})

	it("names each MCP server's origin (a project's file) and status, what it shadows, and counts its tools, in Russian", async () => {
		await useCliLanguage("ru")
		const tool = (name: string) => ({ name, modelName: `mcp_fs_${name}`, alwaysAllow: name === "read" })
		const text = formatMcpList(
			{
				servers: [
					{
						name: "fs",
						source: "project",
						transport: "stdio",
						status: "connected",
						tools: [tool("read"), tool("write"), tool("list")],
						resources: [],
						resourceTemplates: [],
						configFile: "/work/repo/.roo/mcp.json",
						shadows: ["/work/repo/.mcp.json"],
					},
				],
				problems: [],
			},
			"text",
			"/work/repo",
		)
		expect(text).toBe(
			"fs (проект .roo/mcp.json, stdio): подключён\n  используется вместо одноимённого сервера из .mcp.json\n  3 инструмента\n    mcp_fs_read (всегда разрешён)\n    mcp_fs_write\n    mcp_fs_list\n",
		)
	})
})
