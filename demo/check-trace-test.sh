#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Self-test of check-trace.awk on the host, before the demo boots: a trace
# sequenced correctly must pass, and the same trace with clock and voltage
# swapped (either way), a failed transition or a missing one must each fail.
set -euo pipefail
AWK_SCRIPT=$(dirname "${BASH_SOURCE[0]}")/check-trace.awk
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ev() {
	printf '  sh-1 [000] ..... 1.%06d: %s\n' "$((++n))" "$*"
}

# trace UP_1 UP_2 RESULT [DOWN_1 DOWN_2]: one rise and one fall of cpu0.
trace() {
	n=0
	ev "$1"
	ev "$2"
	ev "opp_set_rate: device=cpu0 old_rate=1000000000 new_rate=1100000000 old_uv=990000 new_uv=1000000 result=$3"
	ev "${4:-$FD}"
	ev "${5:-$VD}"
	ev "opp_set_rate: device=cpu0 old_rate=1100000000 new_rate=1000000000 old_uv=1000000 new_uv=990000 result=0"
}

expect() {
	local want=$1 name=$2 got=0
	awk -v driven="${DRIVEN:-0}" -f "$AWK_SCRIPT" "$tmp/expected" "$tmp/trace" \
		>"$tmp/out" || got=1
	if [[ $got != "$want" ]]; then
		echo "check-trace self-test: '$name' gave exit $got, not $want:" >&2
		cat "$tmp/out" >&2
		exit 1
	fi
}

V='regulator_set_voltage: name=vdd-cpu (1000000-1060000)'
F='clk_set_rate: demo-cpu 1100000000'
VD='regulator_set_voltage: name=vdd-cpu (990000-1050000)'
FD='clk_set_rate: demo-cpu 1000000000'
printf 'cpu0 1000000000 1100000000\ncpu0 1100000000 1000000000\n' >"$tmp/expected"

trace "$V" "$F" 0 >"$tmp/trace"
expect 0 "voltage then clock up, clock then voltage down"
trace "$F" "$V" 0 >"$tmp/trace"
expect 1 "clock before voltage going up"
trace "$V" "$F" 0 "$VD" "$FD" >"$tmp/trace"
expect 1 "voltage before clock going down"
trace "$V" "$F" -16 >"$tmp/trace"
expect 1 "a transition that returned -EBUSY"
trace "$V" "$F" 0 >"$tmp/full"
head -n 3 "$tmp/full" >"$tmp/trace"
expect 1 "the fall never traced"
: >"$tmp/expected"
trace "$V" "$F" 0 >"$tmp/trace"
expect 1 "nothing asked for, two transitions traced"
# Second act: the governor asks, user space does not.
DRIVEN=1
trace "$V" "$F" 0 >"$tmp/trace"
expect 0 "governor: up then down, sequenced correctly"
trace "$F" "$V" 0 >"$tmp/trace"
expect 1 "governor: clock before voltage going up"
head -n 3 "$tmp/full" >"$tmp/trace"
expect 1 "governor: the rate never came down"
: >"$tmp/trace"
expect 1 "governor: nothing traced"
echo "check-trace self-test: 10 cases as expected"
