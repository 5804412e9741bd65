export { NodeHost, type NodeHostOptions } from "./NodeHost.js"
export { writeFileAtomic, type AtomicWriteOptions } from "../../fs/atomicWrite.js"
export { runShellCommand, userShell, type ShellCommandSettings } from "./shellCommand.js"
export { createFileLogger, createStderrLogger, LineLogger, type LogLevel } from "./streamLogger.js"
