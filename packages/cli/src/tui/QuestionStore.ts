import type { PendingQuestion, PersonChannel, PersonAnswer } from "@cairn/core"

interface Open {
	question: PendingQuestion
	resolve: (answer: PersonAnswer) => void
}

/**
 * The TUI's PersonChannel: the AskDispatcher puts the question here, the App shows it and
 * answers through `answer`. Readable with React's useSyncExternalStore.
 */
export class QuestionStore implements PersonChannel {
	private open: Open | undefined
	private readonly listeners = new Set<() => void>()

	get question(): PendingQuestion | undefined {
		return this.open?.question
	}

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener)
		return () => this.listeners.delete(listener)
	}

	getSnapshot = (): PendingQuestion | undefined => this.open?.question

	ask(question: PendingQuestion, signal: AbortSignal): Promise<PersonAnswer> {
		return new Promise((resolve, reject) => {
			const open: Open = { question, resolve }
			this.open = open
			this.notify()
			signal.addEventListener(
				"abort",
				() => {
					if (this.open === open) {
						this.open = undefined
						this.notify()
					}
					reject(new Error("the ask was withdrawn"))
				},
				{ once: true },
			)
		})
	}

	answer(answer: PersonAnswer): void {
		const open = this.open
		if (open === undefined) return
		this.open = undefined
		this.notify()
		open.resolve(answer)
	}

	private notify(): void {
		for (const listener of this.listeners) listener()
	}
}
