#!/usr/bin/env node
import { processIO, runCli } from "./cli.js"

process.exitCode = await runCli(process.argv.slice(2), processIO())
