#!/usr/bin/env bash
# Sourced by the setup scripts. `apt_get ARGS...` runs apt-get (through sudo when not root) and,
# when another apt-get (unattended-upgrades, a second setup) holds apt's locks, waits for it at most
# CAIRN_APT_LOCK_TIMEOUT seconds (default 600), saying so. apt-get's own DPkg::Lock::Timeout would
# wait for dpkg's lock without a word under -qq, and not at all for the package lists' lock that
# `update` takes: so apt-get fails at once on a held lock, and the run is tried again until the
# wait is over.
apt_get() {
	local lock_wait="${CAIRN_APT_LOCK_TIMEOUT:-600}"
	local deadline=$((SECONDS + lock_wait)) output told="" sudo_cmd=()
	[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
	while true; do
		# env passes the settings on through sudo; C keeps apt's messages in the words matched below.
		if output="$("${sudo_cmd[@]}" env LC_ALL=C DEBIAN_FRONTEND=noninteractive apt-get \
			-o DPkg::Lock::Timeout=0 "$@" 2>&1)"; then
			[ -z "$output" ] || printf '%s\n' "$output"
			return 0
		fi
		if ! grep -qE 'Could not get lock|Unable to (acquire|lock)' <<<"$output"; then
			printf '%s\n' "$output" >&2
			return 1
		fi
		if [ "$SECONDS" -ge "$deadline" ]; then
			printf '%s\n' "$output" >&2
			echo "apt-get: another apt-get still held apt's lock after ${lock_wait} s; try again once it is done" >&2
			return 1
		fi
		if [ -z "$told" ]; then
			echo "apt-get: another apt-get holds apt's lock; waiting for it to finish (at most ${lock_wait} s)"
			told=yes
		fi
		sleep 2
	done
}
