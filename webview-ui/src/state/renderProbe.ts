/**
 * The benchmark (bench/webview-render.mjs) counts how many message rows render per streaming
 * update, and the board's tests how many cards render per card delta. Its harness page defines
 * this global before the bundle loads; in the editor it does not exist, so the cost here is one
 * property read per row or card render.
 */
interface RenderProbe {
	rowRenders: number
	/** Renders per task id of the board's cards; counted when the probe has it. */
	cardRenders?: Record<string, number>
}

const probe = () => (globalThis as { __cairnRenderProbe?: RenderProbe }).__cairnRenderProbe

export function countRowRender(): void {
	const current = probe()
	if (current !== undefined) current.rowRenders++
}

export function countCardRender(taskId: string): void {
	const renders = probe()?.cardRenders
	if (renders !== undefined) renders[taskId] = (renders[taskId] ?? 0) + 1
}
