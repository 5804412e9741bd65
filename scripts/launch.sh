#!/usr/bin/env bash
# Sets up everything and opens Cairn in a real editor, with the folder you ran it from (or the
# folder you name) as the workspace:
# - VS Code, when `code` is on PATH: a new window with the extension loaded from this checkout;
# - otherwise code-server (a real VS Code in the browser, installed from npm into .tools/),
#   with the freshly packaged vsix installed, at a printed http://127.0.0.1 URL.
#
#   npm run launch                   the folder you ran it from
#   npm run launch -- ~/my-project   another folder (or: bash scripts/launch.sh ~/my-project)
#   PORT=9000 npm run launch         code-server's port (default 8080; bound to 127.0.0.1, no password)
#   CAIRN_EDITOR=code-server npm run launch   code-server even when `code` is on PATH
#   npm run launch -- --demo         the demo: a fresh copy of examples/demo/project, no key needed
#   npm run launch -- --help         this text
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

# npm runs scripts from the package folder; INIT_CWD is where the person typed the command.
invoked_from="${INIT_CWD:-$PWD}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
demo=false
case "${1:-}" in
-h | --help)
	usage
	cat <<'HELP'

--demo opens a new copy of the sample project (examples/demo/project) each time; in Cairn's view,
"Try the demo" adds the "Demo (offline)" profile, served by Cairn's own scripted model on
127.0.0.1 (examples/demo/scenario.json), and "Start the demo task" plays a short task: a todo
list, a subtask, a file read, an edit you approve (with a checkpoint), a command you approve.
"Remove the demo" takes the profile away and stops the model. No key, no network.
HELP
	exit 0
	;;
--demo)
	demo=true
	shift
	;;
esac
if [ "$demo" = true ] && [ $# -gt 0 ]; then
	echo "launch: --demo opens the sample project; it takes no folder" >&2
	exit 2
fi
workspace="${1:-$invoked_from}"
if [ ! -d "$workspace" ]; then
	echo "launch: $workspace is not a folder" >&2
	exit 2
fi
workspace="$(cd "$workspace" && pwd)"
cd "$root"
port="${PORT:-8080}"
home="$root/.tools/launch"
# The extension opens its demo copies from its global storage; a copy there is one it recognises,
# so Try the demo starts at once instead of opening yet another copy.
demo_projects="$home/user-data/User/globalStorage/cairn-dev.cairn/demo-projects"
if [ "$demo" = true ]; then
	# A new copy each time: one the person changed in an earlier demo is never overwritten.
	workspace="$demo_projects/launch-$(date -u +%Y%m%dT%H%M%S)"
	mkdir -p "$demo_projects"
	cp -R examples/demo/project "$workspace"
fi
editor="${CAIRN_EDITOR:-}"
if [ -z "$editor" ]; then
	if command -v code >/dev/null 2>&1; then editor=code; else editor=code-server; fi
fi

step() { printf '\n== %s\n' "$*"; }

install_dependencies() {
	step "npm dependencies"
	# npm records the tree it installed in node_modules/.package-lock.json; a newer lockfile means
	# someone changed dependencies since.
	if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
		npm ci
	else
		echo "node_modules is up to date with package-lock.json"
	fi
}

if [ "$editor" = code ]; then
	install_dependencies
	step "Build"
	npm run build --silent
	step "Opening VS Code on $workspace with Cairn loaded from $root"
	echo "(Cairn is the stacked-stones icon in the activity bar.)"
	if [ "$demo" = true ]; then
		echo "(The demo: open Cairn's view and press \"Try the demo\"; it needs no key.)"
	fi
	exec code --new-window --extensionDevelopmentPath="$root" "$workspace"
fi

step "System packages"
bash scripts/install-system-deps.sh
install_dependencies

step "code-server"
bash scripts/install-code-server.sh

step "Build and package"
rm -f ./*.vsix
npm run package --silent
vsix="$(ls ./*.vsix)"
# The package holds the extension only; the cairn command is built beside it, so `npx cairn` works
# from this folder (its build links node_modules/.bin/cairn).
npm run build --silent -w @cairn/cli

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
if [ "$demo" = true ]; then
	echo "(The demo: open Cairn's view and press \"Try the demo\"; it needs no key.)"
fi
exec "${code_server[@]}" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry \
	--disable-update-check --disable-workspace-trust "$workspace"
