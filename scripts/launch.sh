#!/usr/bin/env bash
# Sets up everything and launches Cairn in a real VS Code (code-server) in your browser:
# system packages, npm dependencies, code-server, a fresh build and vsix, then a code-server
# with its own profile under .tools/launch that has the vsix installed and a sample folder open.
#
#   scripts/launch.sh [folder]     (or: npm run launch)
#   PORT=9000 scripts/launch.sh    (default port 8080; bound to 127.0.0.1 only, no password)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
port="${PORT:-8080}"
home="$root/.tools/launch"

step() { printf '\n== %s\n' "$*"; }

step "System packages"
bash scripts/install-system-deps.sh

step "npm dependencies"
# npm records the tree it installed in node_modules/.package-lock.json; a newer lockfile means
# someone changed dependencies since.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm ci
else
	echo "node_modules is up to date with package-lock.json"
fi

step "code-server"
bash scripts/install-code-server.sh

step "Build and package"
rm -f ./*.vsix
npm run package --silent
vsix="$(ls ./*.vsix)"

workspace="${1:-$root/.tools/sample-workspace}"
if [ $# -eq 0 ] && [ ! -d "$workspace" ]; then
	# A copy, so what you (or the agent) change there never touches the repository.
	cp -r e2e/fixtures/workspace "$workspace"
fi
workspace="$(cd "$workspace" && pwd)"

export XDG_CONFIG_HOME="$home/xdg/config" XDG_DATA_HOME="$home/xdg/data" XDG_CACHE_HOME="$home/xdg/cache"
mkdir -p "$home/user-data/User" "$home/extensions"
settings="$home/user-data/User/settings.json"
if [ ! -f "$settings" ]; then
	printf '{\n\t"workbench.startupEditor": "none",\n\t"telemetry.telemetryLevel": "off"\n}\n' >"$settings"
fi
printf 'auth: none\ncert: false\n' >"$home/config.yaml"
code_server=(.tools/code-server/node_modules/.bin/code-server --config "$home/config.yaml"
	--user-data-dir "$home/user-data" --extensions-dir "$home/extensions")

step "Installing $vsix"
"${code_server[@]}" --install-extension "$vsix" --force

url="http://127.0.0.1:$port/?folder=$workspace"
step "Cairn is starting: open $url"
echo "(Cairn is the stacked-stones icon in the activity bar. Stop with Ctrl+C.)"
exec "${code_server[@]}" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry \
	--disable-update-check --disable-workspace-trust "$workspace"
