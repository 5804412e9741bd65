/**
 * The benchmark (bench/webview-render.mjs) counts how many message rows render per streaming
 * update. Its harness page defines this global before the bundle loads; in the editor it does
 * not exist, so the cost here is one property read per row render.
 */
interface RenderProbe {
	rowRenders: number
}

export function countRowRender(): void {
	const probe = (globalThis as { __cairnRenderProbe?: RenderProbe }).__cairnRenderProbe
	if (probe !== undefined) probe.rowRenders++
}
