import { afterEach } from "vitest"
import { startModelServer } from "../server.js"
import type { ModelServer, ModelServerOptions } from "../server.js"

/** Start servers that are closed after each test, so none outlives it. */
export function useModelServers(): (options?: ModelServerOptions) => Promise<ModelServer> {
	const started: ModelServer[] = []
	afterEach(async () => {
		await Promise.all(started.splice(0).map((server) => server.close()))
	})
	return async (options) => {
		const server = await startModelServer(options)
		started.push(server)
		return server
	}
}

/** Collect everything an async iterable yields until it throws; returns both. */
export async function drain<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
	const items: T[] = []
	try {
		for await (const item of iterable) items.push(item)
	} catch (error) {
		return { items, error }
	}
	return { items, error: undefined }
}
