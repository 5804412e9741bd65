/** Running a task file as a fleet: the file, a worker's shard, the results folder and its summary. */
export {
	defaultCheckTimeoutSec,
	parseTaskFile,
	TaskFileError,
	type FleetCheckCommand,
	type FleetTask,
	type ReadTask,
	type TaskFileProblem,
} from "./taskFile.js"
export { inShard, shardFrom, ShardError, shardText, wholeFile, type Shard } from "./shard.js"
export {
	fleetRecordSchema,
	readRecords,
	recordFile,
	type FleetCheck,
	type FleetRecord,
	type UnreadableRecord,
} from "./taskRecord.js"
export {
	runFleet,
	type FleetEvent,
	type FleetRunOptions,
	type FleetTally,
	type FleetTaskRunner,
	type TaskRunOutcome,
} from "./fleetRun.js"
export {
	baseCommitOf,
	commitTaskWork,
	prefixInRepository,
	type TaskWorktree as FleetWorktree,
} from "./taskWork.js"
export { summarise, type FleetSummary } from "./fleetSummary.js"
export { fleetChecks, type FleetChecks } from "./fleetChecks.js"
export { fleetReport, taskWork } from "./fleetReport.js"
export { maxRecordBytes, maxRecordFiles } from "./recordFiles.js"
