#!/usr/bin/env bash
# make demo: the in-tree cpufreq-dt and devfreq drivers doing DVFS on this OPP
# core, on an arm64 QEMU "virt" machine (TCG, 2 CPUs).
#   1. builds the kernel of "make check ARCH=arm64" (its KUnit and debug
#      fragments with demo/demo.config, in $OPP_CACHE/build-kunit-arm64)
#      through scripts/check.sh, which builds nothing when make check
#      ARCH=arm64 built it from the same tree; the demo boots it with
#      kunit.enable=0, so no suite runs;
#   2. dumps QEMU's device tree for the same machine and applies
#      demo/opp-demo.dtso to it with fdtoverlay (scripts/board.sh);
#   3. packs busybox-static, bash-static, the kernel's cpufreq selftests and
#      demo/init into an initramfs;
#   4. boots it: init walks every OPP up and down, checks the trace and
#      prints the transition tables; exit status 0 only if it says PASS.
#
# OPP_DEMO_TIMEOUT  seconds QEMU may run (default 300)
# OPP_JOBS          make jobs (default: nproc)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# shellcheck source-path=SCRIPTDIR source=board.sh
source "$OPP_SCRIPTS/board.sh"

DEMO_BUILD=$OPP_CACHE/build-kunit-arm64
DEMO_OUT=$BOARD_OUT
DEMO_LOG=$OPP_CACHE/last-demo.log

# The kernel of make check ARCH=arm64, built (or found built) by check.sh.
build_kernel() {
	ARCH=arm64 OPP_BUILD_ONLY=1 bash "$OPP_SCRIPTS/check.sh"
}

main() {
	local start=$SECONDS
	bash "$OPP_SCRIPTS/deps.sh" gcc-aarch64-linux-gnu qemu-system-arm \
		file gzip
	bash "$BOARD_SRC/check-trace-test.sh"
	lock_cache
	build_kernel
	board_dtb "$DEMO_OUT/demo.dtb" opp-demo
	board_initramfs "$DEMO_BUILD" "$BOARD_SRC/init" \
		"$DEMO_OUT/initramfs.cpio.gz" \
		"file /check-trace.awk $BOARD_SRC/check-trace.awk 0644 0 0"
	board_boot "$DEMO_BUILD/arch/arm64/boot/Image" \
		"$DEMO_OUT/initramfs.cpio.gz" "$DEMO_OUT/demo.dtb" "$DEMO_LOG" \
		"${OPP_DEMO_TIMEOUT:-300}" loglevel=4 kunit.enable=0 || true
	say "demo log: $DEMO_LOG ($((SECONDS - start)) s in all)"
	if grep -qx 'demo: PASS.*' "$DEMO_LOG"; then
		say "demo passed"
		return 0
	fi
	echo "error: the demo did not pass (no 'demo: PASS' line in $DEMO_LOG)" >&2
	return 1
}

main "$@"
