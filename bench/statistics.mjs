// The figures the benches print from their samples.

export const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b)
	const mid = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The sample at fraction `p` of the sorted values (0.95: the 95th percentile). */
export const percentile = (values, p) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]

/** A number of the command line's `--name value`, or the fallback when it is absent. */
export const numberArg = (name, fallback) => {
	const i = process.argv.indexOf(name)
	return i > 0 ? Number(process.argv[i + 1]) : fallback
}
