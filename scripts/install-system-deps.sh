#!/usr/bin/env bash
# Debian packages that code-server's native modules (kerberos, node-pty, keytar-like
# secret storage, native-keymap) compile against, plus the tools the real-editor tests and the
# CLI's terminal UI test (tmux) use, bubblewrap, the sandbox of commands that run unapproved, and a
# Japanese font, without which the real-editor language suite's screenshots show empty boxes.
# Idempotent: when every package is already installed it returns without touching apt,
# so it is cheap to call from launch.sh and CI on every run.
set -euo pipefail

packages=(build-essential pkg-config python3 libkrb5-dev libsecret-1-dev libxkbfile-dev ripgrep chromium git tmux bubblewrap fonts-ipafont-gothic)

missing=()
for pkg in "${packages[@]}"; do
	dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "install-system-deps: all present (${packages[*]})"
	exit 0
fi

echo "install-system-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
	sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
# Another apt-get (unattended-upgrades, a second setup) may hold apt's locks. apt-get waits for the
# dpkg lock itself (DPkg::Lock::Timeout) but not for the package lists' lock that `update` takes,
# so a run that failed on a lock is tried again until the bounded wait is over.
lock_wait="${CAIRN_APT_LOCK_TIMEOUT:-600}"
apt_get() {
	local deadline=$((SECONDS + lock_wait)) output told=""
	while true; do
		if output="$("${sudo_cmd[@]}" env LC_ALL=C apt-get -o "DPkg::Lock::Timeout=$((deadline - SECONDS))" "$@" 2>&1)"; then
			[ -z "$output" ] || printf '%s\n' "$output"
			return 0
		fi
		if ! grep -qE 'Could not get lock|Unable to (acquire|lock)' <<<"$output" || [ "$SECONDS" -ge "$deadline" ]; then
			printf '%s\n' "$output" >&2
			[ -z "$told" ] || echo "install-system-deps: apt's lock was still held after ${lock_wait} s" >&2
			return 1
		fi
		if [ -z "$told" ]; then
			echo "install-system-deps: another apt-get holds apt's lock; waiting for it (at most ${lock_wait} s)"
			told=yes
		fi
		sleep 2
	done
}
apt_get update -qq
apt_get install -y -qq --no-install-recommends "${missing[@]}"
