/** Where a governed workspace keeps its intents, guidance and trace (seed 004), workspace-relative. */
export const orchestrationFiles = {
	folder: ".orchestration",
	/** The intents; its presence is what turns governance on. */
	intents: ".orchestration/active_intents.yaml",
	/** Guidance every intent shares. */
	guidance: ".orchestration/AGENT.md",
	/** Paths (gitignore syntax) that no intent has to own. */
	intentIgnore: ".orchestration/.intentignore",
	/** One JSON line per change the agent made. */
	trace: ".orchestration/agent_trace.jsonl",
} as const
