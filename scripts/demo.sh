#!/usr/bin/env bash
# make demo: the in-tree cpufreq-dt and devfreq drivers doing DVFS on this OPP
# core, on an arm64 QEMU "virt" machine (TCG, 2 CPUs).
#   1. builds the kernel of "make check ARCH=arm64" (its KUnit and debug
#      fragments with demo/demo.config, in $OPP_CACHE/build-kunit-arm64)
#      through scripts/check.sh, which builds nothing when make check
#      ARCH=arm64 built it from the same tree; the demo boots it with
#      kunit.enable=0, so no suite runs;
#   2. dumps QEMU's device tree for the same machine and applies
#      demo/opp-demo.dtso to it with fdtoverlay;
#   3. packs busybox-static and demo/init into an initramfs;
#   4. boots it: init walks every OPP up and down, checks the trace and
#      prints the transition table; exit status 0 only if it says PASS.
#
# OPP_DEMO_TIMEOUT  seconds QEMU may run (default 300)
# OPP_JOBS          make jobs (default: nproc)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

DEMO_SRC=$OPP_REPO/demo
DEMO_BUILD=$OPP_CACHE/build-kunit-arm64
DEMO_OUT=$OPP_CACHE/demo
DEMO_LOG=$OPP_CACHE/last-demo.log
QEMU_MACHINE=(-machine virt -cpu cortex-a57 -smp 2 -m 256)

# The kernel of make check ARCH=arm64, built (or found built) by check.sh.
build_kernel() {
	ARCH=arm64 OPP_BUILD_ONLY=1 bash "$OPP_SCRIPTS/check.sh"
}

# QEMU's own tree for exactly the machine we boot, plus our board.
build_dtb() {
	mkdir -p "$DEMO_OUT"
	qemu-system-aarch64 "${QEMU_MACHINE[@]}" -nographic \
		-machine dumpdtb="$DEMO_OUT/virt.dtb" >"$DEMO_OUT/dumpdtb.log" 2>&1 ||
		die "QEMU could not dump its device tree: $(cat "$DEMO_OUT/dumpdtb.log")"
	dtc -q -@ -I dts -O dtb -o "$DEMO_OUT/opp-demo.dtbo" \
		"$DEMO_SRC/opp-demo.dtso"
	fdtoverlay -i "$DEMO_OUT/virt.dtb" -o "$DEMO_OUT/demo.dtb" \
		"$DEMO_OUT/opp-demo.dtbo"
}

# Debian's busybox-static for arm64, fetched (not installed) with apt-get
# download once arm64 is a foreign architecture of dpkg, and unpacked into
# the cache.
fetch_busybox() {
	local deb dir=$DEMO_OUT/busybox-arm64
	BUSYBOX=$dir/bin/busybox
	[[ -x $BUSYBOX ]] && return 0
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		((EUID == 0)) || die "as root run: dpkg --add-architecture arm64 && apt-get update"
		say "adding arm64 as a foreign dpkg architecture (for busybox-static:arm64)"
		dpkg --add-architecture arm64
		apt-get update
	fi
	rm -rf "$dir" "$DEMO_OUT/deb"
	mkdir -p "$DEMO_OUT/deb"
	(cd "$DEMO_OUT/deb" && apt-get download busybox-static:arm64) ||
		die "apt-get download busybox-static:arm64 failed"
	deb=$(echo "$DEMO_OUT"/deb/busybox-static_*_arm64.deb)
	dpkg-deb -x "$deb" "$dir"
	rm -rf "$DEMO_OUT/deb"
	file -L "$BUSYBOX" | grep -q 'ARM aarch64.*statically linked' ||
		die "$BUSYBOX is not a static arm64 binary"
}

# gen_init_cpio (built with the kernel) makes /dev/console without root.
build_initramfs() {
	fetch_busybox
	cat >"$DEMO_OUT/initramfs.list" <<-EOF
		dir /dev 0755 0 0
		nod /dev/console 0600 0 0 c 5 1
		dir /proc 0755 0 0
		dir /sys 0755 0 0
		dir /tmp 0755 0 0
		dir /bin 0755 0 0
		file /bin/busybox $BUSYBOX 0755 0 0
		slink /bin/sh busybox 0777 0 0
		file /init $DEMO_SRC/init 0755 0 0
		file /check-trace.awk $DEMO_SRC/check-trace.awk 0644 0 0
	EOF
	"$DEMO_BUILD/usr/gen_init_cpio" "$DEMO_OUT/initramfs.list" |
		gzip -9 >"$DEMO_OUT/initramfs.cpio.gz"
}

boot() {
	say "booting: qemu-system-aarch64 ${QEMU_MACHINE[*]} (TCG)"
	timeout --foreground "${OPP_DEMO_TIMEOUT:-300}" \
		qemu-system-aarch64 "${QEMU_MACHINE[@]}" -accel tcg \
		-nographic -no-reboot \
		-kernel "$DEMO_BUILD/arch/arm64/boot/Image" \
		-initrd "$DEMO_OUT/initramfs.cpio.gz" \
		-dtb "$DEMO_OUT/demo.dtb" \
		-append "console=ttyAMA0 rdinit=/init panic=-1 loglevel=4 kunit.enable=0" \
		</dev/null 2>&1 | tr -d '\r' | tee "$DEMO_LOG"
}

main() {
	local start=$SECONDS
	bash "$OPP_SCRIPTS/deps.sh" gcc-aarch64-linux-gnu qemu-system-arm \
		file gzip
	bash "$DEMO_SRC/check-trace-test.sh"
	lock_cache
	build_kernel
	build_dtb
	build_initramfs
	boot || true
	say "demo log: $DEMO_LOG ($((SECONDS - start)) s in all)"
	if grep -qx 'demo: PASS.*' "$DEMO_LOG"; then
		say "demo passed"
		return 0
	fi
	echo "error: the demo did not pass (no 'demo: PASS' line in $DEMO_LOG)" >&2
	return 1
}

main "$@"
