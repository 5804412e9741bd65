import { setFlagsFromString } from "node:v8"

// V8 doubles its young generation each time enough objects have survived it, up to two halves of
// 16 MB: in a run of a hundred turns it always gets there, and those 32 MB were the largest single
// part of the CLI's peak memory (issue 37: 140 -> 112 MB of RSS at N = 100, 100 -> 72 MB of PSS,
// the same CPU; bench/cli-start.mjs). The size limit itself can only be set when Node starts
// (`--max-semi-space-size`, which a `#!/usr/bin/env node` line cannot pass everywhere), but the
// growth factor is read at each growth: at 1 the young generation keeps its first size. V8 versions
// that refuse a factor under 2 (newer than Node 22's) keep their default, so this is never worse.
// cairn.ts imports it before loading the rest of the CLI.
setFlagsFromString("--semi-space-growth-factor=1")
