import { z } from "zod"

/** What browser_action can do; `launch` opens the session, `close` ends it. */
export const browserActions = [
	"launch",
	"click",
	"hover",
	"type",
	"scroll_down",
	"scroll_up",
	"close",
] as const
export const browserActionSchema = z.enum(browserActions)
export type BrowserAction = z.infer<typeof browserActionSchema>

/**
 * `browser_action` say: one action as the model asked for it. `coordinate` is "x,y" in the
 * viewport's pixels; `text` is what `type` types. The `browser_action_launch` ask carries the
 * URL alone in `text`.
 */
export const clineSayBrowserActionSchema = z.object({
	action: browserActionSchema,
	coordinate: z.string().optional(),
	text: z.string().optional(),
})
export type ClineSayBrowserAction = z.infer<typeof clineSayBrowserActionSchema>

/**
 * Why Chromium runs without its own sandbox: Cairn runs as root (Chromium then refuses its
 * sandbox), the kernel allows no unprivileged user namespaces, AppArmor restricts them, or the
 * sandbox failed to start for another reason.
 */
export const chromiumUnsandboxedSchema = z.enum([
	"runningAsRoot",
	"noUserNamespaces",
	"userNamespacesRestricted",
	"sandboxFailed",
])
export type ChromiumUnsandboxed = z.infer<typeof chromiumUnsandboxedSchema>

/** `browser_action_result` say: the page after an action. `screenshot` is a PNG data URI. */
export const browserActionResultSchema = z.object({
	screenshot: z.string().optional(),
	/** What the page wrote to its console during the action. */
	logs: z.string().optional(),
	currentUrl: z.string().optional(),
	/** Set on the launch's result when Chromium runs without its own sandbox, and why. */
	unsandboxed: chromiumUnsandboxedSchema.optional(),
})
export type BrowserActionResult = z.infer<typeof browserActionResultSchema>
