import type { TokenUsage, ToolName, ToolUsage } from "@cairn/types"
import type { ApiUsageChunk } from "../providers/modelProvider.js"

/** Tokens, cost and tool attempts of one task, as the API events report them. */
export class UsageTracker {
	private tokens: TokenUsage = {
		totalTokensIn: 0,
		totalTokensOut: 0,
		totalCacheWrites: 0,
		totalCacheReads: 0,
		totalCost: 0,
		contextTokens: 0,
	}
	private readonly tools: ToolUsage = {}

	get tokenUsage(): TokenUsage {
		return { ...this.tokens }
	}

	get toolUsage(): ToolUsage {
		return structuredClone(this.tools)
	}

	addRequest(usage: Omit<ApiUsageChunk, "type">, cost: number): void {
		const cacheWrites = usage.cacheWriteTokens ?? 0
		const cacheReads = usage.cacheReadTokens ?? 0
		this.tokens = {
			totalTokensIn: this.tokens.totalTokensIn + usage.inputTokens,
			totalTokensOut: this.tokens.totalTokensOut + usage.outputTokens,
			totalCacheWrites: (this.tokens.totalCacheWrites ?? 0) + cacheWrites,
			totalCacheReads: (this.tokens.totalCacheReads ?? 0) + cacheReads,
			totalCost: this.tokens.totalCost + cost,
			contextTokens: usage.inputTokens + cacheWrites + cacheReads + usage.outputTokens,
		}
	}

	/** A summarization request: it costs like any other, but says nothing of the task's context. */
	addSummary(usage: Omit<ApiUsageChunk, "type">, cost: number): void {
		const { contextTokens } = this.tokens
		this.addRequest(usage, cost)
		this.tokens.contextTokens = contextTokens
	}

	recordTool(name: ToolName, failed: boolean): void {
		const entry = this.tools[name] ?? { attempts: 0, failures: 0 }
		this.tools[name] = { attempts: entry.attempts + 1, failures: entry.failures + (failed ? 1 : 0) }
	}
}
