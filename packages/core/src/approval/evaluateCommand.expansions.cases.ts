/**
 * Parameter expansions (`${x:-w}`, `${#x}`, `${x%p}`, …) and arrays in the analyser's
 * specification: a `${…}` runs something only through a substitution inside it, which is judged
 * like any other; what cannot be modelled (indirection, prompt expansion, arithmetic on
 * variables, bash's own quoting inside double-quoted expansions) asks. Shared by the table tests
 * and the execution probe through evaluateCommand.cases.ts.
 */

/** [line, allowed rules (default: commonAllowList)] */
export const expansionsMustRun: [string, string[]?][] = [
	["echo ${name:-x}"],
	['echo "${name:-x}"'],
	["echo ${name-x} ${name:+set} ${name+set}"],
	['echo "${name:-"a b"}"'],
	["echo ${name:-'a b'}"],
	["echo ${name:-~/notes}"],
	["echo ${name:-$HOME}"],
	["echo ${name:-${HOME}}"],
	["echo ${name:-$(git status --short)}"],
	["echo ${name:?}"],
	["echo ${#HOME}"],
	["echo ${#}"],
	['echo "${#@}"'],
	["echo ${HOME%/*}"],
	["echo ${HOME%%/*}"],
	["echo ${HOME#*/}"],
	["echo ${HOME##*/}"],
	["echo ${HOME/home/x}"],
	["echo ${HOME//o/0}"],
	["echo ${HOME/#\\//x}"],
	["echo ${HOME/o}"],
	["echo ${HOME^^}"],
	["echo ${HOME^}"],
	["echo ${HOME,,}"],
	["echo ${HOME^^[a-m]}"],
	["echo ${HOME:0:5}"],
	["echo ${HOME:1}"],
	["echo ${HOME: -3}"],
	["echo ${HOME:(-3):2}"],
	['echo "${@:2}"'],
	["echo ${HOME@Q}"],
	["echo ${HOME@U}"],
	['echo "${arr[@]}"'],
	["echo ${arr[*]}"],
	["echo ${arr[0]}"],
	["echo ${#arr[@]}"],
	['for f in "${files[@]}"; do echo "$f"; done'],
	['[ -n "${name:-}" ] && echo set'],
	["cat <<EOF\n${HOME%/*} ${name:-none}\nEOF"],
	["echo ${name:-$(echo ${HOME##*/})}"],
]

/** [line, what the reason must say, allowed rules (default: commonAllowList)] */
export const expansionsMustAsk: [string, RegExp, string[]?][] = [
	// a substitution inside runs what the rules must allow
	["echo ${x:-$(touch pwned)}", /touch/],
	['echo "${x:-$(touch pwned)}"', /touch/],
	["echo ${x-$(touch pwned)}", /touch/],
	["echo ${x:-${y:-$(touch pwned)}}", /touch/],
	// the grammar reads `$((` inside `${…}` as a subshell: what it runs still has to be allowed
	["echo ${x:-$((1 + $(touch pwned)))}", /touch/],
	["echo ${x:-$((2 + 3))}", /not in the allowed/],
	["echo ${HOME//y/$(touch pwned)}", /touch/],
	["echo ${HOME/$(touch pwned)/x}", /touch/],
	['echo ${HOME%"$(touch pwned)"}', /touch/],
	["cat <<EOF\n${x:-$(touch pwned)}\nEOF", /touch/],
	// backticks and patterns the grammar leaves as text inside `${…}`
	["echo ${x:-`touch pwned`}", /not understood/],
	['echo "${x:+`git status`}"', /not understood/],
	["echo ${x:?`touch pwned`}", /not understood/],
	["echo ${HOME/y/`touch pwned`}", /not understood/],
	["echo ${HOME#`touch pwned`}", /not analysed/],
	["echo ${HOME%`touch pwned`}", /not analysed/],
	["echo ${x%%*.$(touch pwned)}", /not analysed/],
	["echo ${x#$y}", /not analysed/],
	// bash does not read '…' as quotes inside a double-quoted expansion or a heredoc
	["echo \"${x:-'$(touch pwned)'}\"", /single quotes/],
	["echo \"${x:-a'$(touch pwned)'}\"", /single quotes/],
	["echo \"${x:-$'\\x41'}\"", /single quotes/],
	["echo \"${x#'$(touch pwned)'}\"", /single quotes|not analysed/],
	["cat <<EOF\n${x:-'$(touch pwned)'}\nEOF", /single quotes/],
	// expansions that assign set a shell variable, as `x=1` does
	["echo ${x:=1}", /sets a shell variable/],
	["echo ${x=1}; git status", /sets a shell variable/],
	["echo ${PATH:=/tmp/evil}", /sets a shell variable/],
	["echo ${x:=`touch pwned`}", /touch|sets a shell variable/],
	['echo "${x=`touch pwned`}${x@P}"', /not understood|not analysed/],
	// indirection, prompt expansion and arithmetic on variables run code through a value
	["echo ${x@P}", /not analysed/],
	["cat <<EOF\n${x@P}\nEOF", /not analysed/],
	["echo ${!x}", /not analysed/],
	["echo ${!prefix*}", /not analysed/],
	["echo ${!arr[@]}", /not analysed/],
	["echo ${x[$(touch pwned)]}", /not analysed/],
	["echo ${arr[i]}", /arithmetic/],
	["echo ${#arr[i]}", /arithmetic/],
	["echo ${x:i:1}", /arithmetic/],
	["echo ${x:0:$n}", /arithmetic/],
	["echo ${x:$(touch pwned)}", /arithmetic/],
	// arrays are assignments
	["arr=(a b)", /sets a shell variable/],
	['arr=(a b); echo "${arr[@]}"', /sets a shell variable/],
	["arr=(src/*.ts)", /sets a shell variable/],
	["arr=($(touch pwned))", /expansion|touch/],
	["arr=([1]=x)", /index/],
	["arr=([i]=x)", /index/],
	["arr=(a b) git status", /sets arr/],
	["declare -a arr=(a b)", /variables/],
	["arr+=(c)", /appending/],
]

/** [line, the denied rule it must be caught by]; allowed: "*", denied: touch, rm, git push, curl. */
export const expansionsMustDeny: [string, string][] = [
	["echo ${x:-$(rm -rf y)}", "rm"],
	['echo "${x:+`touch pwned`}"', "touch"],
	["echo ${x:-`echo; rm x`}", "rm"],
	["echo ${HOME%`touch pwned`}", "touch"],
	["echo ${x:?$(curl x)}", "curl"],
	["echo ${HOME/y/$(curl x)}", "curl"],
	["echo ${x:=$(touch pwned)}", "touch"],
	["echo ${x:-${y:-$(git push)}}", "git push"],
	["cat <<EOF\n${x:-$(touch pwned)}\nEOF", "touch"],
	// not analysed, but what a substitution inside runs is still seen
	["echo ${x[$(rm x)]}", "rm"],
	["echo ${x:$(touch pwned)}", "touch"],
	["echo ${!x:-$(touch pwned)}", "touch"],
	["echo \"${x:-'$(touch pwned)'}${y:-$(rm x)}\"", "rm"],
	["arr=(a $(rm x))", "rm"],
	["arr=([$(touch pwned)]=x)", "touch"],
]
