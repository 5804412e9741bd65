import { StreamJsonRenderer, type Renderer } from "@cairn/core"
import type { OutputFormat } from "../cli/commandLine.js"
import { JsonResultRenderer } from "./JsonResultRenderer.js"
import { createStyle } from "./style.js"
import { TextRenderer } from "./TextRenderer.js"

/** The renderer of `--output-format`: text for people, json at the end, or stream-json as it happens. */
export function rendererFor(format: OutputFormat, write: (text: string) => void, color: boolean): Renderer {
	switch (format) {
		case "stream-json":
			return new StreamJsonRenderer(write)
		case "json":
			return new JsonResultRenderer(write)
		case "text":
			return new TextRenderer(write, createStyle(color))
	}
}
