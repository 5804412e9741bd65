type EventMap<T> = { [K in keyof T]: unknown[] }
type Listener<A extends unknown[]> = (...args: A) => unknown

/**
 * A typed event emitter whose listeners cannot hurt the emitter or each other: a listener that
 * throws (or rejects) is reported and the others still run. Public API listeners are other
 * people's code; their bugs must not stop a task.
 */
export class IsolatedEmitter<T extends EventMap<T>> {
	private readonly listeners = new Map<keyof T, { listener: Listener<never>; once: boolean }[]>()

	constructor(private readonly onListenerError: (event: string, error: unknown) => void) {}

	on<K extends keyof T>(event: K, listener: Listener<T[K]>): this {
		return this.add(event, listener, false)
	}

	once<K extends keyof T>(event: K, listener: Listener<T[K]>): this {
		return this.add(event, listener, true)
	}

	off<K extends keyof T>(event: K, listener: Listener<T[K]>): this {
		const list = this.listeners.get(event)
		const index = list?.findIndex((entry) => entry.listener === listener) ?? -1
		if (list && index >= 0) list.splice(index, 1)
		return this
	}

	listenerCount<K extends keyof T>(event: K): number {
		return this.listeners.get(event)?.length ?? 0
	}

	emit<K extends keyof T>(event: K, ...args: T[K]): boolean {
		const list = this.listeners.get(event)
		if (!list || list.length === 0) return false
		for (const entry of [...list]) {
			if (entry.once) this.off(event, entry.listener as Listener<T[K]>)
			try {
				const result = (entry.listener as Listener<T[K]>)(...args)
				if (result instanceof Promise)
					result.catch((error: unknown) => this.onListenerError(String(event), error))
			} catch (error) {
				this.onListenerError(String(event), error)
			}
		}
		return true
	}

	private add<K extends keyof T>(event: K, listener: Listener<T[K]>, once: boolean): this {
		const list = this.listeners.get(event) ?? []
		list.push({ listener: listener as Listener<never>, once })
		this.listeners.set(event, list)
		return this
	}
}
