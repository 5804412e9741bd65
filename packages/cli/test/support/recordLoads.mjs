// `node --import` this file to have every ES module the process loads appended, one file URL a
// line, to the file named by CAIRN_RECORD_LOADS: what a command really reads from the bundle.
import { register } from "node:module"

register(new URL("./recordLoadsHooks.mjs", import.meta.url))
