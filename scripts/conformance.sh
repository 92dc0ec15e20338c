#!/usr/bin/env bash
# make conformance: the opp_conf_* suites of conformance/ built and booted
# from the cached 6.12 tree, once with upstream's pristine drivers/opp and
# pm_opp.h and once with ours; then the cases compared.
#
# For each core, under the cache lock held for the whole run:
#   1. put the core into the tree (upstream's copy, or the graft of this
#      repo), plus conformance/ as drivers/opp/conformance with one obj- line
#      and one Kconfig source line appended; nothing else of upstream changes;
#   2. build it in $OPP_CACHE/build-conformance (no debug options) and boot
#      it once; the kernel log goes to $OPP_CACHE/conformance/<core>.log.
#      Both cores share the build dir: the config is the same, so after the
#      first core only what includes drivers/opp or pm_opp.h is rebuilt
#      (kbuild's dependency files see the swapped sources as newer), which
#      halves the cost of a run from an empty cache.
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

# The core named $1 into the tree, then the suites beside it.
install_core() {
	local opp=$OPP_TREE/drivers/opp
	case $1 in
	upstream)
		sync_into --delete "$OPP_UPSTREAM/drivers/opp/" "$opp/"
		sync_into "$OPP_UPSTREAM/include/linux/pm_opp.h" "$OPP_TREE/include/linux/pm_opp.h"
		;;
	ours)
		bash "$OPP_SCRIPTS/tree.sh" >/dev/null
		;;
	*)
		die "unknown core '$1' (CONFORMANCE_CORES takes upstream and ours)"
		;;
	esac
	sync_into --delete "$CONF_SRC/" "$opp/conformance/"
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf '\nobj-$(CONFIG_PM_OPP_CONFORMANCE)\t+= conformance/\n' >>"$opp/Makefile"
	printf '\nsource "drivers/opp/conformance/Kconfig"\n' >>"$opp/Kconfig"
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
		--kunitconfig="$CONF_SRC/conformance.config"
		--kunitconfig="$OPP_BASE_CONFIG" "${KUNIT_CC[@]}"
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
	say "$core: built and run in $((SECONDS - start)) s (kunit.py exited $rc)"
}

main() {
	local core start logs=()
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
	python3 "$OPP_SCRIPTS/conformance-results.py" "${logs[@]}"
}

main "$@"
