import type { CairnAPI, ClineMessage, ClineSayTool, TokenUsage, ToolName, ToolUsage } from "@cairn/types"

// The usage patterns of seed 002 ("Usage Patterns" and "Error Handling"), written against
// Cairn's API as another extension would write them. They record what they did instead of
// printing it, so the tests can check them.

export interface TaskInfo {
	id: string
	status: "created" | "running" | "paused" | "completed" | "aborted"
	startTime: number
	endTime?: number
	tokenUsage: TokenUsage
	toolUsage: ToolUsage
	messages: ClineMessage[]
}

/** Seed 002's TaskTracker, plus `aborted` (its TaskInfo has the status; its listeners never set it). */
export class TaskTracker {
	private readonly tasks = new Map<string, TaskInfo>()

	constructor(private readonly api: CairnAPI) {
		this.setupListeners()
	}

	private setupListeners(): void {
		this.api.on("taskCreated", (taskId) => {
			this.tasks.set(taskId, {
				id: taskId,
				status: "created",
				startTime: Date.now(),
				tokenUsage: { totalTokensIn: 0, totalTokensOut: 0, totalCost: 0, contextTokens: 0 },
				toolUsage: {},
				messages: [],
			})
		})
		this.api.on("taskStarted", (taskId) => {
			const task = this.tasks.get(taskId)
			if (task) {
				task.status = "running"
				task.startTime = Date.now()
			}
		})
		this.api.on("taskCompleted", (taskId, tokenUsage, toolUsage) => {
			const task = this.tasks.get(taskId)
			if (task) {
				task.status = "completed"
				task.endTime = Date.now()
				task.tokenUsage = tokenUsage
				task.toolUsage = toolUsage
			}
		})
		this.api.on("taskAborted", (taskId) => {
			const task = this.tasks.get(taskId)
			if (task) task.status = "aborted"
		})
		this.api.on("message", ({ taskId, message }) => {
			this.tasks.get(taskId)?.messages.push(message)
		})
		this.api.on("taskTokenUsageUpdated", (taskId, tokenUsage) => {
			const task = this.tasks.get(taskId)
			if (task) task.tokenUsage = tokenUsage
		})
	}

	getTaskInfo(taskId: string): TaskInfo | undefined {
		return this.tasks.get(taskId)
	}

	getAllTasks(): TaskInfo[] {
		return Array.from(this.tasks.values())
	}

	getRunningTasks(): TaskInfo[] {
		return this.getAllTasks().filter((task) => task.status === "running")
	}
}

/** Seed 002's CostMonitor; alerts are kept rather than logged. */
export class CostMonitor {
	private totalCost = 0
	private readonly taskCosts = new Map<string, number>()
	readonly alerts: number[] = []
	readonly finalCosts = new Map<string, number>()

	constructor(
		private readonly api: CairnAPI,
		private readonly threshold = 10.0,
	) {
		this.setupListeners()
	}

	private setupListeners(): void {
		this.api.on("taskTokenUsageUpdated", (taskId, tokenUsage) => {
			const previousCost = this.taskCosts.get(taskId) || 0
			const newCost = tokenUsage.totalCost
			this.taskCosts.set(taskId, newCost)
			this.totalCost += newCost - previousCost
			if (this.totalCost > this.threshold) this.alerts.push(this.totalCost)
		})
		this.api.on("taskCompleted", (taskId, tokenUsage) => {
			this.finalCosts.set(taskId, tokenUsage.totalCost)
		})
	}

	getTotalCost(): number {
		return this.totalCost
	}

	getTaskCost(taskId: string): number {
		return this.taskCosts.get(taskId) || 0
	}
}

const readOnlyRows: ReadonlySet<ClineSayTool["tool"]> = new Set([
	"readFile",
	"listFilesTopLevel",
	"listFilesRecursive",
	"searchFiles",
])

/**
 * The auto-approval part of seed 002's AutoTaskManager. Seed 002 looks for tool names in the
 * ask's text; Cairn's tool asks carry a typed row (`ClineSayTool`), so the row kind decides. It
 * answers each ask once, and only once the ask is complete (a streaming one has no enabled button).
 */
export class ReadOnlyAutoApprover {
	readonly approved: ClineSayTool["tool"][] = []
	private readonly answered = new Set<number>()

	constructor(private readonly api: CairnAPI) {
		this.api.on("message", ({ message }) => {
			if (message.type !== "ask" || message.ask !== "tool" || message.partial) return
			const tool = this.readOnlyTool(message.text)
			if (tool === undefined || this.answered.has(message.ts)) return
			this.answered.add(message.ts)
			void this.api.pressPrimaryButton().then((pressed) => {
				if (pressed) this.approved.push(tool)
			})
		})
	}

	private readOnlyTool(text: string | undefined): ClineSayTool["tool"] | undefined {
		if (!text) return undefined
		const tool = (JSON.parse(text) as Partial<ClineSayTool>).tool
		return tool !== undefined && readOnlyRows.has(tool) ? tool : undefined
	}
}

/** Seed 002's TaskErrorRecovery: a failed tool gets a retry message, up to `maxRetries`, then the task is cancelled. */
export class TaskErrorRecovery {
	readonly retryCount = new Map<string, number>()
	readonly failures: { taskId: string; toolName: ToolName; error: string }[] = []
	readonly gaveUp: string[] = []

	constructor(
		private readonly api: CairnAPI,
		private readonly maxRetries = 3,
	) {
		this.api.on("taskToolFailed", async (taskId, toolName, error) => {
			this.failures.push({ taskId, toolName, error })
			const retries = this.retryCount.get(taskId) || 0
			if (retries < this.maxRetries) {
				this.retryCount.set(taskId, retries + 1)
				await this.api.sendMessage(
					`The ${toolName} tool failed with error: ${error}. Please try again.`,
				)
			} else {
				this.gaveUp.push(taskId)
				await this.api.cancelCurrentTask()
			}
		})
		this.api.on("taskCompleted", (taskId) => {
			this.retryCount.delete(taskId)
		})
		this.api.on("taskAborted", (taskId) => {
			this.retryCount.delete(taskId)
		})
	}
}
