import { defaultSettings, type CairnSettings, type CodebaseIndexStatus } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { CodebaseIndexSection } from "./CodebaseIndexSection"

const withModel = (): CairnSettings => ({
	...defaultSettings(),
	codebaseIndex: {
		...defaultSettings().codebaseIndex,
		embedding: { provider: "openai", modelId: "text-embedding-3-small" },
	},
})

const status = (changes: Partial<CodebaseIndexStatus>): CodebaseIndexStatus => ({
	state: "ready",
	processedFiles: 0,
	totalFiles: 0,
	searchable: false,
	hasOwnKey: false,
	...changes,
})

function renderSection(settings: CairnSettings, indexStatus?: CodebaseIndexStatus) {
	loadTask([], { settings })
	if (indexStatus) fromHost({ type: "codebaseIndexStatus", status: indexStatus })
	render(<CodebaseIndexSection />)
}

const commit = (input: HTMLElement, value: string) => {
	fireEvent.change(input, { target: { value } })
	fireEvent.blur(input)
}

describe("the codebase index settings", () => {
	it("save the embedding model once it has an id, with the provider chosen before", () => {
		renderSection(defaultSettings(), status({ state: "unconfigured" }))
		expect(screen.getByRole("status").textContent).toContain("Choose an embedding model")
		fireEvent.change(screen.getByLabelText("Embedding provider"), { target: { value: "ollama" } })
		expect(posted).toEqual([])
		commit(screen.getByLabelText("Embedding model"), "nomic-embed-text")
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: {
					codebaseIndex: { embedding: { provider: "ollama", modelId: "nomic-embed-text" } },
				},
			},
		])
	})

	it("forget the model when another provider is chosen, and keep the others' fields for the model", () => {
		renderSection(withModel())
		commit(screen.getByLabelText("Base URL"), "http://127.0.0.1:8080/v1")
		expect(posted.at(-1)).toEqual({
			type: "updateTrustSettings",
			settings: {
				codebaseIndex: {
					embedding: {
						provider: "openai",
						modelId: "text-embedding-3-small",
						baseUrl: "http://127.0.0.1:8080/v1",
					},
				},
			},
		})
		fireEvent.change(screen.getByLabelText("Embedding provider"), { target: { value: "ollama" } })
		expect(posted.at(-1)).toEqual({
			type: "updateTrustSettings",
			settings: { codebaseIndex: { embedding: null } },
		})
	})

	it("show a run's progress with a Stop button, and a failed run's reason with Resume", () => {
		renderSection(withModel(), status({ state: "indexing", processedFiles: 250, totalFiles: 1000 }))
		expect(screen.getByRole("status").textContent).toContain("Indexing: 250 of 1000 files")
		expect((screen.getByRole("progressbar") as HTMLProgressElement).value).toBe(25)
		fireEvent.click(screen.getByRole("button", { name: "Stop" }))
		expect(posted.at(-1)).toEqual({ type: "codebaseIndexControl", action: "stop" })

		fromHost({
			type: "codebaseIndexStatus",
			status: status({ state: "failed", error: "401 Unauthorized" }),
		})
		expect(screen.getByRole("status").textContent).toBe("Indexing failed: 401 Unauthorized")
		fireEvent.click(screen.getByRole("button", { name: "Resume" }))
		expect(posted.at(-1)).toEqual({ type: "codebaseIndexControl", action: "start" })
	})

	it("send the index's own key to secret storage and keep no copy of it", () => {
		renderSection(withModel(), status({ state: "ready", totalFiles: 1, processedFiles: 1 }))
		expect(screen.getByRole("status").textContent).toBe("Ready: 1 file indexed.")
		const field = screen.getByLabelText("Embedding API key") as HTMLInputElement
		fireEvent.change(field, { target: { value: " sk-index " } })
		fireEvent.click(screen.getByRole("button", { name: "Save the embedding API key" }))
		expect(posted.at(-1)).toEqual({ type: "updateCodebaseIndexKey", apiKey: "sk-index" })
		expect(field.value).toBe("")
		fromHost({ type: "codebaseIndexStatus", status: status({ hasOwnKey: true }) })
		fireEvent.click(screen.getByRole("button", { name: "Remove the embedding API key" }))
		expect(posted.at(-1)).toEqual({ type: "updateCodebaseIndexKey" })
	})

	it("speak the person's language, with its plural forms", async () => {
		await showLanguage("ru")
		renderSection(withModel(), status({ state: "ready", totalFiles: 5, processedFiles: 5 }))
		expect(screen.getByRole("heading").textContent).toBe("Индекс кодовой базы")
		expect(screen.getByRole("status").textContent).toBe("Готово: проиндексировано 5 файлов.")
		fromHost({
			type: "codebaseIndexStatus",
			status: status({ state: "ready", totalFiles: 3, processedFiles: 3 }),
		})
		expect(screen.getByRole("status").textContent).toBe("Готово: проиндексировано 3 файла.")
	})
})
