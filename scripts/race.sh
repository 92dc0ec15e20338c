#!/usr/bin/env bash
# make race: the concurrency and stress suites under KCSAN (x86_64, QEMU TCG,
# 2 vCPUs), opp_stress soaking for OPP_RACE_MS, then the log judged.
#
# Its own build dir and complete fragment (race.config): KCSAN excludes the
# KASAN of make check. Every KCSAN report is printed and counted; one that
# names a function of drivers/opp (its objects and kunit/, or an inline of
# pm_opp.h) in its title or stack stays in the log that verdict.sh judges,
# so it fails the case it came in (or the run, outside any case); the others
# are taken out of that log, and only counted.
#
# SUITE              kunit filter glob (default: opp_concurrency, opp_stress)
# OPP_RACE_MS        how long opp_stress runs, in ms (default 60000)
# OPP_KUNIT_TIMEOUT  seconds allowed for the tests to run in QEMU (default 900)
# OPP_JOBS           make jobs (default: nproc)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RACE_BUILD=$OPP_CACHE/build-race-x86_64
RACE_OUT=$OPP_CACHE/last-race.kunit
RACE_LOG=$OPP_CACHE/last-race.log
RACE_JUDGED=$OPP_CACHE/last-race.judged.log
RACE_SYMS=$OPP_CACHE/race-symbols.txt
RACE_GLOB='opp_[cs][ot][nr]*'	# opp_concurrency and opp_stress

# Function names of the OPP core and its tests, for kcsan-filter.awk.
opp_symbols() {
	local objs=()
	mapfile -t objs < <(find "$RACE_BUILD/drivers/opp" -name '*.o' ! -name '*.mod.o' ! -name '*.dtbo.o')
	{
		((${#objs[@]})) && nm --defined-only "${objs[@]}" 2>/dev/null |
			awk '$2 ~ /^[tTwW]$/ { sub(/\..*/, "", $3); print $3 }'
		sed -n 's/^static inline [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p' \
			"$OPP_TREE/include/linux/pm_opp.h"
	} | sort -u >"$RACE_SYMS"
}

# kunit.py COMMAND ARGS... in the tree, its output added to $RACE_OUT.
kunit() {
	say "in $OPP_TREE: python3 tools/testing/kunit/kunit.py$(printf ' %q' "$@")"
	(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 tools/testing/kunit/kunit.py "$@") >>"$RACE_OUT" 2>&1
}

# As make check: the build dir is this run's throughout, the cache only
# until the kernel is built (and the symbols of the core are listed).
main() {
	local rc=0 start=$SECONDS
	kunit_cc
	kunitconfig_args "$OPP_TREE/drivers/opp" "$OPP_BASE_CONFIG" \
		"$OPP_SCRIPTS/race.config"
	local common=(
		--arch=x86_64
		--build_dir="$RACE_BUILD"
		"${KUNITCONFIG_ARGS[@]}"
		--qemu_args="-smp 2 -accel tcg"
	)
	local exec_args=(
		--timeout="${OPP_KUNIT_TIMEOUT:-900}"
		--kernel_args=preempt=full
		--kernel_args="opp_kunit.stress_ms=${OPP_RACE_MS:-60000}"
		--raw_output=all
		"${SUITE:-$RACE_GLOB}"
	)
	bash "$OPP_SCRIPTS/deps.sh"
	lock_build_dir "$RACE_BUILD"
	lock_cache
	bash "$OPP_SCRIPTS/tree.sh"
	rm -f "$RACE_BUILD/test.log" "$RACE_LOG" "$RACE_JUDGED" "$RACE_OUT"
	if kunit build "${common[@]}" "${KUNIT_CC[@]}" --jobs="$OPP_JOBS"; then
		opp_symbols
		unlock_cache
		kunit exec "${common[@]}" "${exec_args[@]}" || rc=$?
	else
		rc=$?
	fi
	[[ -f $RACE_BUILD/test.log ]] && cp "$RACE_BUILD/test.log" "$RACE_LOG"
	say "kunit.py exited $rc after $((SECONDS - start)) s (its output: $RACE_OUT)"
	if [[ ! -s $RACE_LOG ]]; then
		tail -n 40 "$RACE_OUT"
		exec bash "$OPP_SCRIPTS/verdict.sh" "$RACE_LOG" "$RACE_OUT"
	fi
	say "kernel log: $RACE_LOG"
	awk -v syms="$RACE_SYMS" -v out="$RACE_JUDGED" \
		-f "$OPP_SCRIPTS/kcsan-filter.awk" "$RACE_LOG"
	bash "$OPP_SCRIPTS/verdict.sh" "$RACE_JUDGED" "$RACE_OUT"
}

main "$@"
