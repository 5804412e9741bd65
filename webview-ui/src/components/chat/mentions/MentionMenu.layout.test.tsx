/**
 * The @ menu as a browser lays it out. jsdom measures nothing, so the menu the chat box renders
 * here (in German, whose names are long: "Git-Änderungen") is put, with the webview's own
 * stylesheets and icon font, into a page of Debian's Chromium as wide as a sidebar, and each row
 * is measured: its name is never cut, and its description is either whole or has a line of its
 * own to be read on.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { fireEvent, render, screen } from "@testing-library/react"
import { chromium, type Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { ChatTextArea } from "../ChatTextArea"

const stylesheets = [
	createRequire(import.meta.url).resolve("@vscode/codicons/dist/codicon.css"),
	path.join(import.meta.dirname, "../../../index.css"),
	path.join(import.meta.dirname, "../chat.css"),
	path.join(import.meta.dirname, "../autocomplete/autocomplete.css"),
]

/** A readable part of a description cut at its end: about a dozen letters. */
const readableWidth = 100

interface Row {
	name: string
	nameCut: boolean
	rowOverflows: boolean
	description: string
	descriptionCut: boolean
	descriptionWidth: number
}

/** The chat box with its @ menu open, as the webview renders it in German. */
async function chatBoxWithMenu(): Promise<string> {
	await showLanguage("de")
	loadTask([])
	render(<ChatTextArea />)
	fireEvent.change(screen.getByRole("textbox"), { target: { value: "@" } })
	const search = posted.find((message) => message.type === "searchFiles")
	if (search?.type !== "searchFiles") throw new Error("the menu searched nothing")
	fromHost({
		type: "fileSearchResults",
		requestId: search.requestId,
		results: [
			{ path: "src/einstellungen", type: "folder" },
			{ path: "src/einstellungen/Verbindungsprüfung.ts", type: "file" },
		],
		commits: [{ hash: "1a2b3c4", subject: "Fehlerbehandlung beim Verbindungsaufbau verbessert" }],
	})
	const box = document.querySelector(".chat-input")
	if (box === null || box.querySelector("[role=listbox]") === null) throw new Error("no menu is open")
	return box.outerHTML
}

describe("the @ menu in German, laid out by a browser", () => {
	let browser: Browser
	let folder: string
	let page: string

	beforeAll(async () => {
		browser = await chromium.launch({
			executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
			args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
		})
		folder = await mkdtemp(path.join(tmpdir(), "cairn-mention-layout-"))
		page = path.join(folder, "menu.html")
		const links = stylesheets.map((file) => `<link rel="stylesheet" href="${pathToFileURL(file).href}">`)
		await writeFile(
			page,
			[
				'<!doctype html><html lang="de"><head><meta charset="utf-8">',
				// What VS Code gives a webview by default.
				"<style>:root { --vscode-font-family: sans-serif; --vscode-font-size: 13px; }</style>",
				...links,
				'</head><body><div style="padding-top: 320px">',
				await chatBoxWithMenu(),
				"</div></body></html>",
			].join("\n"),
		)
	}, 60_000)

	afterAll(async () => {
		await browser?.close()
		if (folder !== undefined) await rm(folder, { recursive: true, force: true })
	})

	async function rowsAt(width: number): Promise<Row[]> {
		const tab = await browser.newPage({ viewport: { width, height: 640 } })
		try {
			await tab.goto(pathToFileURL(page).href)
			await tab.evaluate(() => document.fonts.ready)
			return await tab.$$eval("[role=option]", (options) =>
				options.map((option) => {
					const name = option.querySelector<HTMLElement>(".autocomplete-label")
					const description = option.querySelector<HTMLElement>(".autocomplete-description")
					const cut = (element: HTMLElement | null) =>
						element !== null && element.scrollWidth > element.clientWidth
					return {
						name: name?.textContent ?? "",
						nameCut: cut(name),
						rowOverflows: option.scrollWidth > option.clientWidth,
						description: description?.textContent ?? "",
						descriptionCut: cut(description),
						descriptionWidth: description?.clientWidth ?? 0,
					}
				}),
			)
		} finally {
			await tab.close()
		}
	}

	it.each([260, 400])(
		"a %i px sidebar: every name whole, every description readable",
		async (width) => {
			const rows = await rowsAt(width)
			expect(rows.map((row) => row.name)).toEqual([
				"Probleme",
				"Terminal",
				"Git-Änderungen",
				"einstellungen/",
				"Verbindungsprüfung.ts",
				"1a2b3c4",
				"URL einfügen",
			])
			expect(rows.filter((row) => row.nameCut || row.rowOverflows)).toEqual([])
			expect(rows.filter((row) => row.descriptionCut && row.descriptionWidth < readableWidth)).toEqual(
				[],
			)
		},
		60_000,
	)
})
