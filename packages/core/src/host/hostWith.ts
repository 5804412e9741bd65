import type { Host } from "./Host.js"

/**
 * `host` with some of its members replaced (an absent one removed by `undefined`); the rest are
 * the host's own, its methods still called on it.
 */
export function hostWith(host: Host, overrides: Partial<Record<keyof Host, unknown>>): Host {
	return new Proxy(host, {
		get(target, property) {
			if (Object.hasOwn(overrides, property)) return overrides[property as keyof Host]
			const value: unknown = Reflect.get(target, property, target)
			// The host's own methods run on the host, whatever they read of themselves.
			return typeof value === "function"
				? (value as (...args: unknown[]) => unknown).bind(target)
				: value
		},
		has(target, property) {
			if (Object.hasOwn(overrides, property)) return overrides[property as keyof Host] !== undefined
			return Reflect.has(target, property)
		},
	})
}
