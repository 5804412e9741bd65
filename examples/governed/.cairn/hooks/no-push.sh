#!/bin/sh
# A PreToolUse hook: the event arrives as JSON on stdin. Exit code 2 blocks the tool and what
# goes to stderr is the reason the model gets; exit 0 lets it run.
if grep -Eq '"command": *"[^"]*git +push'; then
	echo "Pushing is done by a person after review, not by the agent." >&2
	exit 2
fi
exit 0
