#!/usr/bin/env bash
# make conformance: the opp_conf_* suites of conformance/ built and booted
# from the cached 6.12 tree, once with upstream's pristine drivers/opp and
# pm_opp.h and once with ours; then the cases compared.
# make difftest (this script with the argument "difftest"): the same two
# kernels boot the opp_diff suite instead (conformance/conf_diff.c), N
# generated scenarios each; every scenario whose trace differs between the
# cores is replayed on both kernels with its trace printed, and
# scripts/difftest-results.py compares the traces against the allowlist
# conformance/difftest.allow. Both kernels are built first, then booted
# side by side with one CPU each (the scenarios run on one CPU anyway), the
# replays too: the boots take half the time.
# Both modes build the same two kernels: each is kept with a fingerprint of
# what it was built from (every file of the repository, upstream's copy, the
# tarball), and a run whose fingerprint matches boots it again without a
# build, so make difftest after make conformance of one commit builds
# nothing. make conformance builds both kernels first and then boots them
# side by side too (two vCPUs each: some cases need a second CPU).
#
# For each core, under the cache lock held for the whole run:
#   1. put the core into the tree (upstream's copy, or the graft of this
#      repo), plus conformance/ as drivers/opp/conformance with one "obj-y"
#      line appended to the core's Makefile; nothing else of upstream
#      changes but one Kconfig entry (below);
#   2. build it in $OPP_CACHE/build-conformance, unless the kernel kept in
#      $OPP_CACHE/conformance-kernels/ has the same fingerprint; boot it
#      once; the kernel log goes to $OPP_CACHE/<mode>/<core>.log.
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
# OPP_KUNIT_TIMEOUT  seconds allowed for the tests in QEMU (default 600, and
#                    for difftest 300 plus a second per 2 scenarios)
# OPP_JOBS           make jobs (default: nproc)
# For difftest: N scenarios (default 300), SEED (default 1), ONLY a comma
# separated list of scenario numbers to replay with their traces printed.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CONF_MODE=${1:-conformance}
CONF_SRC=$OPP_REPO/conformance
CONF_OUT=$OPP_CACHE/$CONF_MODE
CONF_KERNELS=$OPP_CACHE/conformance-kernels
CONF_SMP=2
CONF_GLOB='opp_conf*'
# Under TCG the TSC drifts from the clocksource watchdog, whose warning
# would land in the console of whichever case or scenario runs then.
CONF_TSC=tsc=reliable
CONF_ARGS=("$CONF_TSC")
CONF_TIMEOUT=${OPP_KUNIT_TIMEOUT:-600}
DIFF_N=${N:-300}
DIFF_SEED=${SEED:-1}
# The scenarios one replay boot runs with their traces, at most: the length
# of the suite's diff_only array, whose numbers fit the kernel command line.
# More differing scenarios take more boots.
DIFF_REPLAY_CHUNK=256

case $CONF_MODE in
conformance) ;;
difftest)
	CONF_GLOB='opp_diff'
	CONF_SMP=1
	CONF_ARGS+=("opp_conformance.diff_n=$DIFF_N" "opp_conformance.diff_seed=$DIFF_SEED")
	[[ -z ${ONLY:-} ]] || CONF_ARGS+=("opp_conformance.diff_only=$ONLY"
					  opp_conformance.diff_dump=1)
	CONF_TIMEOUT=${OPP_KUNIT_TIMEOUT:-$((300 + DIFF_N / 2))}
	;;
*)
	echo "usage: conformance.sh [conformance|difftest]" >&2
	exit 2
	;;
esac

# Our Kconfig's PM_OPP_KUNIT_TEST entry, for upstream's Kconfig: from its
# "config" line to the next line that starts a new entry.
kunit_symbol() {
	echo
	awk '/^config PM_OPP_KUNIT_TEST$/ { on = 1; print; next }
	     on && /^[^ \t#]/ { exit }
	     on { print }' "$OPP_REPO/Kconfig"
}

# The core named $1 into the tree, then the suites beside it.
install_suites() {
	local opp=$OPP_TREE/drivers/opp
	install_core "$1" conformance "$CONF_SRC"
	[[ $1 != upstream ]] || kunit_symbol >>"$opp/Kconfig"
	# The generated tables' source, shared with kunit/fuzz_kunit.c.
	sync_into "$OPP_REPO/kunit/fz_dt.c" "$opp/conformance/"
	printf '\nobj-y\t+= conformance/\n' >>"$opp/Makefile"
	say "drivers/opp now holds the $1 core, with conformance/"
}

# kunit.py's arguments for subcommand $1 (run or build) in KUNIT_ARGS: make
# check's fragments and the suites', in conformance's build directory.
conf_kunit_args() {
	kunit_cc
	kunitconfig_args "$OPP_REPO/.kunitconfig" "$OPP_SCRIPTS/debug.config" \
		"$OPP_BASE_CONFIG" "$CONF_SRC/conformance.config"
	KUNIT_ARGS=(
		"$1" --arch=x86_64 --build_dir="$OPP_CACHE/build-conformance"
		"${KUNITCONFIG_ARGS[@]}" "${KUNIT_CC[@]}" --jobs="$OPP_JOBS"
	)
}

# Runs kunit.py with KUNIT_ARGS for core $1 in the tree; its output goes to
# $2. Returns kunit.py's status.
conf_kunit() {
	say "$1: kunit.py$(printf ' %q' "${KUNIT_ARGS[@]}")"
	(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 tools/testing/kunit/kunit.py "${KUNIT_ARGS[@]}") >"$2" 2>&1
}

# Says so when $1 is not make check's .config (ccache then misses).
same_config_as_check() {
	local check=$OPP_BUILD/.config
	[[ -f $check ]] || return 0
	cmp -s <(grep '^CONFIG_' "$1") <(grep '^CONFIG_' "$check") ||
		warn "the .config differs from make check's ($check): ccache shares fewer objects"
}

# What both kernels are built from: every file of the repository (tracked,
# or untracked and not ignored) but those no kernel of theirs reads (the
# READMEs, Documentation/, .ci/, bench/, compat/, demo/ but its Kconfig),
# upstream's pristine copy and the tarball.
conf_fingerprint() {
	{
		(cd "$OPP_REPO" && git ls-files -co --exclude-standard -z |
			grep -zvE '(^|/)README\.md$|^(Documentation|\.ci|bench|compat)/' |
			grep -zvE '^demo/[^K]' | sort -z | xargs -0 sha256sum)
		(cd "$OPP_UPSTREAM" && find . -type f -print0 | sort -z |
			xargs -0 sha256sum)
		cat "$OPP_STAMP"
	} | sha256sum | cut -d' ' -f1
}

# Core $1's kernel as $CONF_OUT/$1.bzImage: the one kept from an earlier
# run when its fingerprint is $2, else built (no boot) and kept.
build_core() {
	local core=$1 fp=$2 build=$OPP_CACHE/build-conformance start=$SECONDS
	local log=$CONF_OUT/$1.log kept=$CONF_KERNELS/$1
	if [[ -f $kept.bzImage && $(cat "$kept.fingerprint" 2>/dev/null) == "$fp" ]]; then
		cp "$kept.bzImage" "$CONF_OUT/$core.bzImage"
		say "$core: the kernel of an earlier run from the same files, no build"
		return 0
	fi
	conf_kunit_args build
	install_suites "$core"
	if ! conf_kunit "$core" "$log.kunit"; then
		tail -n 60 "$log.kunit" >&2
		die "$core: the kernel does not build (kunit.py's output: $log.kunit)"
	fi
	mkdir -p "$CONF_KERNELS"
	rm -f "$kept.fingerprint"
	cp "$build/arch/x86/boot/bzImage" "$kept.bzImage"
	echo "$fp" >"$kept.fingerprint"
	cp "$kept.bzImage" "$CONF_OUT/$core.bzImage"
	same_config_as_check "$build/.config"
	say "$core: built in $((SECONDS - start)) s"
}

# Boots core $1's kernel as kunit.py does, with CONF_SMP vCPUs and kernel
# arguments $3...; the serial output is added to $2.
boot_core() {
	local core=$1 log=$2
	shift 2
	timeout "$CONF_TIMEOUT" qemu-system-x86_64 -nodefaults -m 1024 \
		-kernel "$CONF_OUT/$core.bzImage" \
		-append "$* kunit.filter_glob=$CONF_GLOB kunit.enable=1 console=ttyS0 kunit_shutdown=reboot" \
		-no-reboot -nographic -serial stdio -bios qboot.rom \
		-smp "$CONF_SMP" -accel tcg \
		</dev/null >>"$log" 2>&1 || warn "$core: the boot exited $?"
}

# Boots the kernels (both cores, or CONFORMANCE_CORES) at once with kernel
# arguments $2...; core C's output is added to $CONF_OUT/C$1.log.
boot_cores() {
	local suffix=$1 args core pids=()
	shift
	args="$*"
	say "booting ${CONFORMANCE_CORES:-both cores} with ${args:0:160}..."
	for core in ${CONFORMANCE_CORES:-upstream ours}; do
		boot_core "$core" "$CONF_OUT/$core$suffix.log" "$@" &
		pids+=($!)
	done
	wait "${pids[@]}"
}

# The scenarios whose traces differ, replayed with their traces printed
# (a boot per DIFF_REPLAY_CHUNK of them), then judged against the
# allowlist.
difftest_results() {
	local results=$OPP_SCRIPTS/difftest-results.py core only chunk
	local logs=(upstream="$CONF_OUT/upstream.log" ours="$CONF_OUT/ours.log")
	only=$(python3 "$results" --list "$DIFF_REPLAY_CHUNK" "${logs[@]}")
	if [[ -n $only && -z ${ONLY:-} ]]; then
		rm -f "$CONF_OUT/upstream.replay.log" "$CONF_OUT/ours.replay.log"
		while read -r chunk; do
			boot_cores .replay "$CONF_TSC" \
				"opp_conformance.diff_seed=$DIFF_SEED" \
				"opp_conformance.diff_only=$chunk" \
				opp_conformance.diff_dump=1
		done <<<"$only"
		logs+=(--replay upstream="$CONF_OUT/upstream.replay.log"
		       ours="$CONF_OUT/ours.replay.log")
	fi
	python3 "$results" --allow "$CONF_SRC/difftest.allow" \
		--doc "$OPP_REPO/Documentation/opp.rst" "${logs[@]}"
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
	local core start logs=() rc=0 fp
	bash "$OPP_SCRIPTS/deps.sh"
	lock_cache
	start=$SECONDS
	trap "restore_tree conformance" EXIT
	bash "$OPP_SCRIPTS/tree.sh" >/dev/null
	rm -rf "$CONF_OUT" && mkdir -p "$CONF_OUT"
	fp=$(conf_fingerprint)
	for core in ${CONFORMANCE_CORES:-upstream ours}; do
		build_core "$core" "$fp"
		logs+=("$core=$CONF_OUT/$core.log")
	done
	restore_tree conformance
	trap - EXIT
	boot_cores "" "${CONF_ARGS[@]}"
	say "make $CONF_MODE built and ran both cores in $((SECONDS - start)) s (after the cache lock); logs in $CONF_OUT"
	judge_ours || rc=1
	if [[ $CONF_MODE == difftest ]]; then
		difftest_results || rc=1
	else
		python3 "$OPP_SCRIPTS/conformance-results.py" "${logs[@]}" || rc=1
	fi
	return "$rc"
}

main "$@"
