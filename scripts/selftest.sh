#!/usr/bin/env bash
# make selftest: the kernel's own cpufreq selftests
# (tools/testing/selftests/cpufreq, modes basic, sptest1-4, suspend_rtc)
# and two CPU-cluster checks (hotplug of the second cluster's CPU,
# unbind/bind of cpufreq-dt) on the demo's arm64 board, booted twice per
# core:
#   clusters  its second CPU made a cluster of its own (demo/selftest.dtso):
#             two policies; the modes but sptest4, then both checks;
#   shared    the demo board as it is, both CPUs in one policy: sptest4,
#             whose last write (scaling_min_freq of the CPU it hotplugs in
#             the background) fails with EBUSY whenever that CPU's policy
#             has no CPU left at that moment, as it may on a cluster of
#             one CPU; and basic.
# The cores:
#   ours      make check ARCH=arm64's kernel (it carries demo/demo.config:
#             every governor, suspend, the PL031 RTC, lockdep), built by
#             scripts/check.sh, booted with kunit.enable=0;
#   upstream  the same fragments on upstream's pristine core, built in
#             build-selftest-upstream-arm64; the demo's devfreq driver,
#             written on the original API, is left out of it.
# Each boot runs demo/selftest-init under Debian's bash-static and
# busybox-static for arm64; a part passes on its TAP lines and on a kernel
# log without reports. Prints both cores' results side by side; exits 0
# when every part passed on ours and both cores agree.
#
# SELFTEST_CORES    cores to boot (default "ours upstream"; CI: ours)
# SELFTEST_MODES    main.sh modes on the clusters board, comma-separated
#                   (default basic,sptest1,sptest2,sptest3,suspend_rtc)
# SELFTEST_SHARED_MODES  on the shared board (default basic,sptest4; none:
#                   that board is not booted)
# SELFTEST_CYCLES   offline/online cycles of cpu1 (default 1000)
# SELFTEST_REBINDS  unbind/bind cycles of cpufreq-dt (default 100)
# OPP_SELFTEST_TIMEOUT  seconds QEMU may run per core (default 1500)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source-path=SCRIPTDIR source=board.sh
source "$OPP_SCRIPTS/board.sh"

ST_OUT=$OPP_CACHE/selftest
UPSTREAM_BUILD=$OPP_CACHE/build-selftest-upstream-arm64
SPLATS=$OPP_CACHE/selftest/splats

# The reports make check counts as splats (the splat_re of
# scripts/ktap-verdict.awk), one extended regular expression per line, for
# init's judge and for the console.
write_splats() {
	sed -n '/splat_re = /,/"$/{ s/^[^"]*"//; s/"[^"]*$//; p }' \
		"$OPP_SCRIPTS/ktap-verdict.awk" | tr -d '\n' | tr '|' '\n' |
		grep . >"$SPLATS"
}

# The kernel of make check ARCH=arm64, built (or found built) by check.sh.
build_ours() {
	ARCH=arm64 OPP_BUILD_ONLY=1 bash "$OPP_SCRIPTS/check.sh"
	BUILD=$OPP_CACHE/build-kunit-arm64
}

# Upstream's core with the demo's providers (not its original-API devfreq
# driver), under the fragments of make check ARCH=arm64 but the KUnit one.
build_upstream() {
	local opp=$OPP_TREE/drivers/opp
	local kconf=$ST_OUT/upstream.kunitconfig
	trap 'restore_tree demo' EXIT
	install_core upstream demo "$BOARD_SRC"
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	printf '\nobj-$(CONFIG_PM_OPP_DEMO)\t+= demo/\n' >>"$opp/Makefile"
	printf '\nsource "drivers/opp/demo/Kconfig"\n' >>"$opp/Kconfig"
	sed -i 's/ demo-devfreq\.o//' "$opp/demo/Makefile"
	echo CONFIG_KUNIT=y >"$kconf"
	kunit_cc aarch64-linux-gnu-
	say "building upstream's core for arm64 in $UPSTREAM_BUILD"
	(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		OPP_DEMO_KERNEL=y python3 tools/testing/kunit/kunit.py build \
		--arch=arm64 --cross_compile=aarch64-linux-gnu- \
		--build_dir="$UPSTREAM_BUILD" --kunitconfig="$kconf" \
		--kunitconfig="$OPP_CACHE/debug-arm64.config" \
		--kunitconfig="$OPP_SCRIPTS/base-arm64.config" \
		--kunitconfig="$BOARD_SRC/demo.config" \
		"${KUNIT_CC[@]}" --jobs="$OPP_JOBS") >"$ST_OUT/upstream-build.log" 2>&1 ||
		die "upstream's kernel does not build (see $ST_OUT/upstream-build.log)"
	restore_tree demo
	trap - EXIT
	BUILD=$UPSTREAM_BUILD
}

# boot_board CORE BOARD MODES CYCLES REBINDS: boots the kernel in BUILD on
# BOARD, its console in $ST_OUT/CORE-BOARD.log, and adds its parts to
# CORE's results as BOARD:PART. The kernel log, dumped part by part by
# init, is judged there, and on the console for what the kernel printed
# there itself (panics, oopses).
boot_board() {
	local log=$ST_OUT/$1-$2.log res=$ST_OUT/$1.results
	board_boot "$BUILD/arch/arm64/boot/Image" "$ST_OUT/initramfs.cpio.gz" \
		"$ST_OUT/$2.dtb" "$log" "${OPP_SELFTEST_TIMEOUT:-1500}" \
		loglevel=4 kunit.enable=0 log_buf_len=8M "opp_modes=$3" \
		"opp_cycles=$4" "opp_rebinds=$5" |
		grep --line-buffered '^selftest: ' || true
	sed -n "s/^selftest: \([a-z0-9_-]*\) \(ok\|not ok\) .*/$2:\1 \2/p" \
		"$log" >>"$res"
	grep -q '^selftest: done' "$log" || echo "$2:finished not ok" >>"$res"
	if grep -vE '^(selftest|    )' "$log" | grep -qEf "$SPLATS"; then
		echo "$2:console not ok" >>"$res"
	fi
}

# boot_core CORE: both boards, as the variables above say.
boot_core() {
	local shared=${SELFTEST_SHARED_MODES:-basic,sptest4}
	boot_board "$1" clusters \
		"${SELFTEST_MODES:-basic,sptest1,sptest2,sptest3,suspend_rtc}" \
		"${SELFTEST_CYCLES:-1000}" "${SELFTEST_REBINDS:-100}"
	[[ $shared == none ]] || boot_board "$1" shared "$shared" 0 0
	say "$1: $(grep -c ' ok$' "$ST_OUT/$1.results") ok, $(grep -c 'not ok$' "$ST_OUT/$1.results") not ok (consoles: $ST_OUT/$1-*.log)"
}

# One row per part, one column per core; 0 when ours passed every part and
# every core gave the same results.
report() {
	local core part row rc=0 parts
	parts=$(cut -d' ' -f1 "$ST_OUT"/*.results | awk '!seen[$0]++')
	printf '%-28s' part
	for core in "$@"; do printf '%-10s' "$core"; done
	echo
	for part in $parts; do
		row=$(printf '%-28s' "$part")
		for core in "$@"; do
			row+=$(printf '%-10s' "$(sed -n "s/^$part //p" "$ST_OUT/$core.results" | head -n 1)")
		done
		echo "$row"
	done
	for core in "$@"; do
		[[ $core == ours ]] && grep -q 'not ok$' "$ST_OUT/ours.results" && rc=1
		cut -d' ' -f1 "$ST_OUT/$core.results" | grep -q . || rc=1
		[[ $core == "$1" ]] || cmp -s "$ST_OUT/$1.results" "$ST_OUT/$core.results" || rc=1
	done
	return $rc
}

main() {
	# selftest-init judges a mode by its KTAP lines, which 6.1's main.sh
	# does not print (make demo KERNEL=6.1 judges basic and sptest1).
	[[ $KERNEL != 6.1 ]] ||
		die "make selftest runs on 6.12 only: 6.1's cpufreq selftests print no KTAP verdict"
	local start=$SECONDS core cores
	read -r -a cores <<<"${SELFTEST_CORES:-ours upstream}"
	bash "$OPP_SCRIPTS/deps.sh" gcc-aarch64-linux-gnu qemu-system-arm \
		file gzip device-tree-compiler
	mkdir -p "$ST_OUT"
	write_splats
	rm -f "$ST_OUT"/*.results
	lock_cache
	board_dtb "$ST_OUT/clusters.dtb" opp-demo selftest
	board_dtb "$ST_OUT/shared.dtb" opp-demo
	for core in "${cores[@]}"; do
		case $core in
		ours) build_ours ;;
		upstream) build_upstream ;;
		*) die "SELFTEST_CORES: unknown core '$core' (ours, upstream)" ;;
		esac
		board_initramfs "$BUILD" "$BOARD_SRC/selftest-init" \
			"$ST_OUT/initramfs.cpio.gz" "file /splats $SPLATS 0644 0 0"
		boot_core "$core"
	done
	say "selftest: ${cores[*]} in $((SECONDS - start)) s"
	if report "${cores[@]}"; then
		say "selftest passed"
		return 0
	fi
	echo "error: make selftest failed (a part not ok on ours, or the cores disagree)" >&2
	return 1
}

main "$@"
