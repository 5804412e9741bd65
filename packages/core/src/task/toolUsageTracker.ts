import type { ToolName, ToolUsage } from "@cairn/types"

/** How often the model called each tool and how often that failed, as the API events report it. */
export class ToolUsageTracker {
	private readonly tools: ToolUsage = {}

	get toolUsage(): ToolUsage {
		return structuredClone(this.tools)
	}

	record(name: ToolName, failed: boolean): void {
		const entry = this.tools[name] ?? { attempts: 0, failures: 0 }
		this.tools[name] = { attempts: entry.attempts + 1, failures: entry.failures + (failed ? 1 : 0) }
	}
}
