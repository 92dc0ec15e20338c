#!/usr/bin/env bash
# make conformance: the opp_conf_* suites of conformance/ built and booted
# from the cached 6.12 tree, once with upstream's pristine drivers/opp and
# pm_opp.h and once with ours; then the cases compared.
#
# For each core, under the cache lock held for the whole run:
#   1. put the core into the tree (upstream's copy, or the graft of this
#      repo), plus conformance/ as drivers/opp/conformance with one "obj-y"
#      line appended to the core's Makefile; nothing else of upstream
#      changes but one Kconfig entry (below);
#   2. build it in $OPP_CACHE/build-conformance and boot it once; the kernel
#      log goes to $OPP_CACHE/conformance/<core>.log.
# Both cores build with make check's fragments (the repository's
# .kunitconfig, scripts/debug.config, the base config), so the suites run
# under KASAN, lockdep and UBSAN, and the .config is make check's: ccache
# then gives every object that make check compiled and that does not
# include pm_opp.h, and only drivers/opp and about 30 includers of pm_opp.h
# are compiled per core. For that, upstream's Kconfig gets our
# PM_OPP_KUNIT_TEST entry, copied from our Kconfig (a symbol it lacks, with
# what it selects; no code of upstream's uses it), and conformance/ has no
# Kconfig symbol of its own. A .config that differs from make check's is
# reported: it is correct, only slower.
# The tree gets our graft back at the end, whatever happened. Then
# scripts/conformance-results.py prints every case that fails on either core
# and "conformance: upstream N/N, ours M/N"; the exit status is non-zero
# unless both are N/N.
#
# CONFORMANCE_CORES  the cores to run, default "upstream ours"
# OPP_KUNIT_TIMEOUT  seconds allowed for the tests in QEMU (default 600)
# OPP_JOBS           make jobs (default: nproc)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CONF_SRC=$OPP_REPO/conformance
CONF_OUT=$OPP_CACHE/conformance
CONF_QEMU='-smp 2 -accel tcg'
CONF_GLOB='opp_conf*'

sync_into() {
	rsync --recursive --links --perms --checksum "$@"
}

# Our Kconfig's PM_OPP_KUNIT_TEST entry, for upstream's Kconfig: from its
# "config" line to the next line that starts a new entry.
kunit_symbol() {
	echo
	awk '/^config PM_OPP_KUNIT_TEST$/ { on = 1; print; next }
	     on && /^[^ \t#]/ { exit }
	     on { print }' "$OPP_REPO/Kconfig"
}

# The core named $1 into the tree, then the suites beside it.
install_core() {
	local opp=$OPP_TREE/drivers/opp
	case $1 in
	upstream)
		sync_into --delete "$OPP_UPSTREAM/drivers/opp/" "$opp/"
		sync_into "$OPP_UPSTREAM/include/linux/pm_opp.h" "$OPP_TREE/include/linux/pm_opp.h"
		kunit_symbol >>"$opp/Kconfig"
		;;
	ours)
		bash "$OPP_SCRIPTS/tree.sh" >/dev/null
		;;
	*)
		die "unknown core '$1' (CONFORMANCE_CORES takes upstream and ours)"
		;;
	esac
	sync_into --delete "$CONF_SRC/" "$opp/conformance/"
	printf '\nobj-y\t+= conformance/\n' >>"$opp/Makefile"
	say "drivers/opp now holds the $1 core, with conformance/"
}

restore_tree() {
	[[ -d $OPP_TREE/drivers/opp ]] || return 0
	rm -rf "$OPP_TREE/drivers/opp/conformance"
	bash "$OPP_SCRIPTS/tree.sh" >/dev/null && say "drivers/opp is ours again"
}

# Builds and boots core $1; its kernel log goes to $CONF_OUT/$1.log. A
# failing case is no error here; a kernel that does not build or boot is.
run_core() {
	local core=$1 build=$OPP_CACHE/build-conformance rc=0 start=$SECONDS
	local log=$CONF_OUT/$1.log
	kunit_cc
	local args=(
		run --arch=x86_64 --build_dir="$build"
		--kunitconfig="$OPP_REPO/.kunitconfig"
		--kunitconfig="$OPP_SCRIPTS/debug.config"
		--kunitconfig="$OPP_BASE_CONFIG"
		--kunitconfig="$CONF_SRC/conformance.config" "${KUNIT_CC[@]}"
		--jobs="${OPP_JOBS:-$(nproc)}" --timeout="${OPP_KUNIT_TIMEOUT:-600}"
		--qemu_args="$CONF_QEMU" "$CONF_GLOB"
	)
	install_core "$core"
	rm -f "$build/test.log"
	say "$core: kunit.py$(printf ' %q' "${args[@]}")"
	(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 tools/testing/kunit/kunit.py "${args[@]}") >"$log.kunit" 2>&1 || rc=$?
	if [[ ! -s $build/test.log ]]; then
		sed -n '1,60p' "$log.kunit" >&2
		die "$core: no kernel log (kunit.py exited $rc; its output: $log.kunit)"
	fi
	cp "$build/test.log" "$log"
	same_config_as_check "$build/.config"
	say "$core: built and run in $((SECONDS - start)) s (kunit.py exited $rc)"
}

# Says so when $1 is not make check's .config (ccache then misses).
same_config_as_check() {
	local check=$OPP_BUILD/.config
	[[ -f $check ]] || return 0
	cmp -s <(grep '^CONFIG_' "$1") <(grep '^CONFIG_' "$check") ||
		warn "the .config differs from make check's ($check): ccache shares fewer objects"
}

# Our core's kernel log judged as make check judges its own (a splat under
# KASAN, lockdep or UBSAN fails the run); upstream's is not: its WARNs on
# unbalanced regulator disables are what some cases provoke on purpose.
judge_ours() {
	local log=$CONF_OUT/ours.log verdict=$CONF_OUT/ours.verdict
	[[ -f $log ]] || return 0
	awk -f "$OPP_SCRIPTS/ktap-verdict.awk" "$log" >"$verdict" && return 0
	tail -n 60 "$verdict"
	echo "conformance: FAIL: our core's kernel log fails make check's judgement ($verdict)"
	return 1
}

main() {
	local core start logs=() rc=0
	bash "$OPP_SCRIPTS/deps.sh"
	lock_cache
	start=$SECONDS
	trap restore_tree EXIT
	bash "$OPP_SCRIPTS/tree.sh" >/dev/null
	rm -rf "$CONF_OUT" && mkdir -p "$CONF_OUT"
	for core in ${CONFORMANCE_CORES:-upstream ours}; do
		run_core "$core"
		logs+=("$core=$CONF_OUT/$core.log")
	done
	restore_tree
	trap - EXIT
	say "make conformance took $((SECONDS - start)) s (after the cache lock); logs in $CONF_OUT"
	judge_ours || rc=1
	python3 "$OPP_SCRIPTS/conformance-results.py" "${logs[@]}" || rc=1
	return "$rc"
}

main "$@"
