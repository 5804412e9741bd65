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
source "$(dirname "${BASH_SOURCE[0]}")/apt-get-waiting.sh"
apt_get update -qq
apt_get install -y -qq --no-install-recommends "${missing[@]}"
