import path from "node:path"
import type { BudgetSettings, BudgetSpend, BudgetStatus } from "@cairn/types"
import { Budget } from "./budget.js"
import { DaySpend, localDay } from "./daySpend.js"
import { ProfileSwitcher } from "./profileSwitcher.js"
import { noSpend } from "./spendMeter.js"

/** Which budgets a new task spends from. */
export interface BudgetPlace {
	taskId: string
	/** A subtask spends from its parent's task budget (and its parent's run). */
	parentTaskId?: string
	/** Tasks started together (the board's Best of N) share a run budget; alone, a task is its own run. */
	run?: string
	/** The profile it talks to: `key` its id, `name` as the chat says it. */
	profile: { key: string; name: string }
	/**
	 * What a task read back from disk already spent, its subtasks included (its ledger's totals):
	 * its budgets go on from there, so a restart does not hand it its limit afresh.
	 */
	spent?: BudgetSpend
	/**
	 * Moves the task to the profile with this id from its next request; resolves to that
	 * profile's name, or undefined when the task cannot move (no such profile, already on it).
	 */
	switchProfile?: (profileId: string) => Promise<string | undefined>
}

/** The budgets one task spends from, its day's budget the one of the day it is. */
export interface TaskBudgets {
	current(): readonly Budget[]
	/** A billed request: every budget counts it, the day's on disk too. */
	billed(spend: BudgetSpend): void
	/** Resolves when the day's spend is on disk; throws when it could not be written. */
	saved(): Promise<void>
	/**
	 * Moves the task to the person's cheaper profile once its task budget passes their threshold
	 * (once per task); the task budget's status, with the profile's name, when it moved now.
	 */
	switchIfDue(): Promise<BudgetStatus | undefined>
}

/**
 * The process's budgets: a task's (shared with its subtasks), a run's (tasks started together),
 * and each profile's day (read back from Cairn's storage). Limits are the settings', read at every
 * check.
 */
export class Budgets {
	private readonly tasks = new Map<string, { task: Budget; run: Budget }>()
	private readonly runs = new Map<string, Budget>()
	private readonly days = new Map<string, Budget>()

	constructor(
		private readonly settings: () => BudgetSettings,
		private readonly daySpend: DaySpend,
		private readonly today: () => string = localDay,
	) {}

	async forTask(place: BudgetPlace): Promise<TaskBudgets> {
		const parent = place.parentTaskId === undefined ? undefined : this.tasks.get(place.parentTaskId)
		const start = place.spent ?? noSpend
		const own = parent ?? {
			task: new Budget({ scope: "task", limit: () => this.settings().task, start }),
			run: this.runOf(place.run ?? place.taskId, start),
		}
		this.tasks.set(place.taskId, own)
		// The day's budget is the one of the profile the task talks to now: moved to the cheaper
		// profile, what it spends from then on is that profile's.
		let profile = place.profile
		const { switchProfile } = place
		const moveTo =
			switchProfile &&
			(async (profileId: string) => {
				const name = await switchProfile(profileId)
				if (name === undefined) return undefined
				profile = { key: profileId, name }
				await this.dayOf(profile, this.today())
				return name
			})
		const switcher = new ProfileSwitcher(() => this.settings().switchProfile, moveTo)
		await this.dayOf(profile, this.today())
		const day = () => {
			const today = this.today()
			return this.days.get(`${today}\n${profile.key}`) ?? this.newDay(profile, today, noSpend)
		}
		return {
			current: () => [own.task, own.run, day()],
			billed: (spend) => {
				own.task.add(spend)
				own.run.add(spend)
				day().add(spend)
				this.daySpend.record(profile.key, this.today(), spend)
			},
			saved: () => this.daySpend.settled(),
			switchIfDue: () => switcher.due(own.task),
		}
	}

	/** A run's budget; a new one starts from what its first task already spent. */
	private runOf(run: string, start: BudgetSpend): Budget {
		const known = this.runs.get(run)
		if (known !== undefined) return known
		const budget = new Budget({ scope: "run", limit: () => this.settings().run, start })
		this.runs.set(run, budget)
		return budget
	}

	private async dayOf(profile: BudgetPlace["profile"], day: string): Promise<Budget> {
		const known = this.days.get(`${day}\n${profile.key}`)
		if (known !== undefined) return known
		const start = await this.daySpend.of(profile.key, day)
		return this.days.get(`${day}\n${profile.key}`) ?? this.newDay(profile, day, start)
	}

	private newDay(profile: BudgetPlace["profile"], day: string, start: BudgetSpend): Budget {
		const budget = new Budget({
			scope: "day",
			limit: () => this.settings().day,
			start,
			profile: profile.name,
		})
		this.days.set(`${day}\n${profile.key}`, budget)
		return budget
	}
}

/** The budgets of a process whose storage is `storageDir` (where each day's spend is kept). */
export function storedBudgets(storageDir: string, settings: () => BudgetSettings): Budgets {
	return new Budgets(settings, new DaySpend(path.join(storageDir, "budgets")))
}
