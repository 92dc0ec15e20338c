#!/usr/bin/env bash
# make bench: the benchmark suites of bench/ built and booted twice from the
# cached $KERNEL tree (6.12 or 6.1), once with upstream's pristine drivers/opp
# and pm_opp.h and once with ours, then one table: metric, upstream, ours,
# ratio.
#
# For each core, under the cache lock held for the whole run:
#   1. put the core into the tree (upstream's copy, or the graft of this repo),
#      plus bench/ as drivers/opp/bench with one obj- line and one Kconfig
#      source line appended; nothing else of upstream's files changes;
#   2. build it in $OPP_CACHE/build-bench-<core> (no debug options) and boot
#      it twice with -icount shift=0 (guest time = instructions executed);
#   3. boot it once more without icount, two vCPUs on two host threads, for
#      the lookup throughput of one CPU against two.
# The tree gets our graft back at the end, whatever happened. The table of a
# run of both cores replaces its kernel's in bench/README.md.
#
# BENCH_CORES  the cores to run, default "upstream ours" (set: README untouched)
# OPP_JOBS     make jobs (default: nproc)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

BENCH_SRC=$OPP_REPO/bench
BENCH_OUT=$OPP_CACHE/bench
ICOUNT_QEMU='-smp 2 -icount shift=0 -accel tcg'
ICOUNT_GLOB='opp_bench*'
MTTCG_QEMU='-smp 2 -accel tcg,thread=multi'
README_TABLE='bench table'
if [[ $KERNEL == 6.1 ]]; then
	# 6.1 on x86_64 never finishes bringing up a second CPU under QEMU's
	# icount (upstream's core as ours): its icount boots have one CPU and
	# leave the two-CPU suite to the MTTCG boot. Its table is a README
	# table of its own.
	ICOUNT_QEMU='-smp 1 -icount shift=0 -accel tcg'
	ICOUNT_GLOB='opp_bench'
	README_TABLE='bench table 6.1'
	export BENCH_ICOUNT_SMP=0
fi
BENCH_TIMEOUT=1800

# The core named $1 into the tree, then the benchmark beside it.
install_bench() {
	local opp=$OPP_TREE/drivers/opp
	install_core "$1" bench "$BENCH_SRC"
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf '\nobj-$(CONFIG_PM_OPP_BENCH)\t+= bench/\n' >>"$opp/Makefile"
	printf '\nsource "drivers/opp/bench/Kconfig"\n' >>"$opp/Kconfig"
	say "drivers/opp now holds the $1 core, with bench/"
}

# kunit.py $1 (run or exec) for core $2, QEMU arguments $3, glob $4; the
# kernel's log goes to $5.
kunit() {
	local build=$OPP_CACHE/build-bench-$2 rc=0
	local args=(
		"$1" --arch=x86_64 --build_dir="$build"
		--timeout="$BENCH_TIMEOUT" --qemu_args="$3" "$4"
	)
	kunit_cc
	[[ $1 == run ]] && args+=(--kunitconfig="$BENCH_SRC/bench.config"
		--jobs="$OPP_JOBS" "${KUNIT_CC[@]}")
	rm -f "$build/test.log"
	say "$2: kunit.py$(printf ' %q' "${args[@]}")"
	(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 tools/testing/kunit/kunit.py "${args[@]}") >"$5.kunit" 2>&1 || rc=$?
	[[ -f $build/test.log ]] && cp "$build/test.log" "$5"
	tail -n 3 "$5.kunit" | sed "s/^/   $2: /"
	if ((rc != 0)); then
		sed -n '1,40p' "$5.kunit" >&2
		die "$2: kunit.py exited $rc (log: $5.kunit)"
	fi
}

bench_core() {
	local core=$1 start=$SECONDS
	install_bench "$core"
	kunit run "$core" "$ICOUNT_QEMU" "$ICOUNT_GLOB" "$BENCH_OUT/$core-icount-1.log"
	say "$core: built and run in $((SECONDS - start)) s"
	kunit exec "$core" "$ICOUNT_QEMU" "$ICOUNT_GLOB" "$BENCH_OUT/$core-icount-2.log"
	kunit exec "$core" "$MTTCG_QEMU" 'opp_bench_smp' "$BENCH_OUT/$core-mttcg.log"
}

main() {
	local core start=$SECONDS
	bash "$OPP_SCRIPTS/deps.sh"
	lock_cache
	trap "restore_tree bench" EXIT
	bash "$OPP_SCRIPTS/tree.sh" >/dev/null
	rm -rf "$BENCH_OUT" && mkdir -p "$BENCH_OUT"
	for core in ${BENCH_CORES:-upstream ours}; do
		bench_core "$core"
	done
	restore_tree bench
	trap - EXIT
	say "make bench took $((SECONDS - start)) s; logs in $BENCH_OUT"
	# An incomplete table is printed, not kept.
	python3 "$OPP_SCRIPTS/bench-table.py" "$BENCH_OUT" | tee "$BENCH_OUT/table.md" ||
		return 1
	[[ -n ${BENCH_CORES:-} ]] || update_readme "$BENCH_OUT/table.md"
}

# The table of a complete run replaces the one of its kernel in
# bench/README.md, between the two marker lines of $README_TABLE, under a
# line naming the commit it measured.
update_readme() {
	local readme=$OPP_REPO/bench/README.md commit
	commit=$(git -C "$OPP_REPO" describe --always --dirty 2>/dev/null || echo unknown)
	python3 - "$readme" "$1" "$commit" "$README_TABLE" <<'PY'
import sys
readme, table, commit, marker = sys.argv[1:]
text = open(readme).read()
begin, end = f"<!-- {marker}: begin -->\n", f"<!-- {marker}: end -->\n"
head, rest = text.split(begin, 1)
tail = rest.split(end, 1)[1]
body = f"`make bench` at {commit}:\n\n" + open(table).read()
open(readme, "w").write(head + begin + body + end + tail)
PY
	say "the table is now in bench/README.md"
}

main "$@"
