#!/usr/bin/env bash
# make check: installs what is missing, grafts the repo into the cached 6.12
# tree, builds and boots the KUnit kernel (x86_64, QEMU TCG, 2 vCPUs, debug
# fragment) and judges the whole kernel log with verdict.sh.
#
# SUITE              kunit filter glob, e.g. 'opp_table' or 'opp_table.*find*'
# OPP_KUNIT_TIMEOUT  seconds allowed for the tests to run in QEMU (default 600)
# OPP_JOBS           make jobs (default: nproc)
# OPP_RAW=1          show the raw kernel log instead of kunit.py's summary
# OPP_KERNEL_ARGS    more kernel command line arguments, space-separated
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KUNIT_OUT=$OPP_CACHE/last-kunit.out
KERNEL_LOG=$OPP_CACHE/last-check.log

kunit_args() {
	KUNIT_ARGS=(
		run --arch=x86_64
		--build_dir="$OPP_BUILD"
		--kunitconfig="$OPP_TREE/drivers/opp"
		--kunitconfig="$OPP_SCRIPTS/debug.config"
		--jobs="${OPP_JOBS:-$(nproc)}"
		--timeout="${OPP_KUNIT_TIMEOUT:-600}"
		--qemu_args="-smp 2 -accel tcg"
		--kernel_args=preempt=full
	)
	local arg
	# More kernel arguments, space-separated (make fuzz sets its module's).
	for arg in ${OPP_KERNEL_ARGS:-}; do
		KUNIT_ARGS+=(--kernel_args="$arg")
	done
	[[ ${OPP_RAW:-0} == 1 ]] && KUNIT_ARGS+=(--raw_output=all)
	[[ -n ${SUITE:-} ]] && KUNIT_ARGS+=("$SUITE")
	return 0
}

# kunit.py runs make in the tree: keep our own make's flags out of it.
run_kunit() {
	rm -f "$OPP_BUILD/test.log" "$KERNEL_LOG"
	say "in $OPP_TREE: python3 tools/testing/kunit/kunit.py$(printf ' %q' "${KUNIT_ARGS[@]}")"
	(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 tools/testing/kunit/kunit.py "${KUNIT_ARGS[@]}") 2>&1 | tee "$KUNIT_OUT"
}

# In-tree users of the OPP API compiled, unchanged, against the grafted
# header and core: each object is one more case in the verdict.
COMPAT_OBJECTS=(
	drivers/cpufreq/cpufreq-dt.o
	drivers/devfreq/exynos-bus.o
)

compile_users() {
	local obj passed=0 failed=0
	[[ -f $OPP_BUILD/.config ]] || return 0
	for obj in "${COMPAT_OBJECTS[@]}"; do
		if (cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
			make -s O="$OPP_BUILD" ARCH=x86_64 "$obj") >"$OPP_CACHE/compat.log" 2>&1; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
			echo "FAIL compat: $obj does not compile against this header:"
			sed 's/^/    /' "$OPP_CACHE/compat.log" | head -n 20
		fi
	done
	say "compat: $passed/${#COMPAT_OBJECTS[@]} in-tree users compiled"
	export OPP_EXTRA_PASSED=$passed OPP_EXTRA_FAILED=$failed
}

main() {
	local rc=0 start=$SECONDS
	bash "$OPP_SCRIPTS/deps.sh"
	lock_cache
	bash "$OPP_SCRIPTS/tree.sh"
	kunit_args
	run_kunit || rc=$?
	[[ -f $OPP_BUILD/test.log ]] && cp "$OPP_BUILD/test.log" "$KERNEL_LOG"
	say "kunit.py exited $rc after $((SECONDS - start)) s"
	[[ -f $KERNEL_LOG ]] && say "kernel log: $KERNEL_LOG"
	[[ -z ${SUITE:-} ]] && compile_users
	bash "$OPP_SCRIPTS/verdict.sh" "$KERNEL_LOG" "$KUNIT_OUT"
}

main "$@"
