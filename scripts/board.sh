# shellcheck shell=bash
# The arm64 QEMU "virt" board of make demo and make selftest; sourced after
# lib.sh, never run.

BOARD_SRC=$OPP_REPO/demo
BOARD_OUT=$OPP_CACHE/demo
QEMU_MACHINE=(-machine virt -cpu cortex-a57 -smp 2 -m 256)

# board_dtb OUT OVERLAY...: QEMU's own tree for exactly the machine we boot,
# its CPU nodes labelled cpu0 and cpu1 for the overlays (QEMU's tree has no
# labels), then each demo/OVERLAY.dtso applied in turn.
board_dtb() {
	local out=$1 name dtbo=()
	shift
	mkdir -p "$BOARD_OUT"
	qemu-system-aarch64 "${QEMU_MACHINE[@]}" -nographic \
		-machine dumpdtb="$BOARD_OUT/virt.dtb" >"$BOARD_OUT/dumpdtb.log" 2>&1 ||
		die "QEMU could not dump its device tree: $(cat "$BOARD_OUT/dumpdtb.log")"
	fdtput -c "$BOARD_OUT/virt.dtb" /__symbols__
	fdtput -t s "$BOARD_OUT/virt.dtb" /__symbols__ cpu0 /cpus/cpu@0
	fdtput -t s "$BOARD_OUT/virt.dtb" /__symbols__ cpu1 /cpus/cpu@1
	for name in "$@"; do
		dtc -q -@ -I dts -O dtb -o "$BOARD_OUT/$name.dtbo" \
			"$BOARD_SRC/$name.dtso"
		dtbo+=("$BOARD_OUT/$name.dtbo")
	done
	fdtoverlay -i "$BOARD_OUT/virt.dtb" -o "$out" "${dtbo[@]}"
}

# board_fetch PACKAGE FILE: Debian's PACKAGE for arm64, fetched (not
# installed) with apt-get download once arm64 is a foreign architecture of
# dpkg, unpacked into the cache; sets BOARD_BIN to its FILE, which must be
# a static arm64 binary.
board_fetch() {
	local deb dir=$BOARD_OUT/$1-arm64
	BOARD_BIN=$dir/$2
	[[ -x $BOARD_BIN ]] && return 0
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		((EUID == 0)) || die "as root run: dpkg --add-architecture arm64 && apt-get update"
		say "adding arm64 as a foreign dpkg architecture (for $1:arm64)"
		dpkg --add-architecture arm64
		apt-get update
	fi
	rm -rf "$dir" "$BOARD_OUT/deb"
	mkdir -p "$BOARD_OUT/deb"
	(cd "$BOARD_OUT/deb" && apt-get download "$1:arm64") ||
		die "apt-get download $1:arm64 failed"
	deb=$(echo "$BOARD_OUT/deb/$1"_*_arm64.deb)
	dpkg-deb -x "$deb" "$dir"
	rm -rf "$BOARD_OUT/deb"
	file -L "$BOARD_BIN" | grep -q 'ARM aarch64.*statically linked' ||
		die "$BOARD_BIN is not a static arm64 binary"
}

# board_shims DIR: the stand-ins for what Debian's busybox lacks, in DIR.
# The cpufreq selftests run "sudo tee" (init is root already) and
# "rtcwake -m mem -s 15" (util-linux's is not static): this rtcwake does
# what that one does, through the RTC's wakealarm and /sys/power/state.
board_shims() {
	printf '#!/bin/sh\nexec "$@"\n' >"$1/sudo"
	cat >"$1/rtcwake" <<-'EOF'
		#!/bin/sh
		mode=standby secs=
		while getopts m:s: opt; do
			case $opt in
			m) mode=$OPTARG ;;
			s) secs=$OPTARG ;;
			*) exit 2 ;;
			esac
		done
		[ -n "$secs" ] || exit 2
		echo 0 >/sys/class/rtc/rtc0/wakealarm || exit 1
		echo "+$secs" >/sys/class/rtc/rtc0/wakealarm || exit 1
		echo "$mode" >/sys/power/state
	EOF
}

# board_initramfs BUILD INIT OUT [ENTRY...]: the initramfs OUT (gzipped
# cpio) with Debian's busybox-static and bash-static for arm64, the shims,
# the kernel tree's cpufreq selftests in /selftests, INIT as /init and each
# ENTRY (a gen_init_cpio line); made by the gen_init_cpio of kernel build
# BUILD, which makes /dev/console without root.
board_initramfs() {
	local build=$1 init=$2 out=$3 busybox f
	local tests=$OPP_TREE/tools/testing/selftests
	shift 3
	board_fetch busybox-static bin/busybox
	busybox=$BOARD_BIN
	board_fetch bash-static bin/bash-static
	board_shims "$BOARD_OUT"
	{
		cat <<-EOF
			dir /dev 0755 0 0
			nod /dev/console 0600 0 0 c 5 1
			dir /proc 0755 0 0
			dir /sys 0755 0 0
			dir /tmp 0755 0 0
			dir /bin 0755 0 0
			file /bin/busybox $busybox 0755 0 0
			slink /bin/sh busybox 0777 0 0
			file /bin/bash $BOARD_BIN 0755 0 0
			file /bin/sudo $BOARD_OUT/sudo 0755 0 0
			file /bin/rtcwake $BOARD_OUT/rtcwake 0755 0 0
			file /init $init 0755 0 0
			dir /selftests 0755 0 0
			dir /selftests/cpufreq 0755 0 0
			dir /selftests/kselftest 0755 0 0
		EOF
		# 6.1's cpufreq selftests print no KTAP, and have no helpers.
		f=$tests/kselftest/ktap_helpers.sh
		[[ ! -f $f ]] || echo "file /selftests/kselftest/${f##*/} $f 0644 0 0"
		for f in "$tests"/cpufreq/*.sh; do
			echo "file /selftests/cpufreq/${f##*/} $f 0755 0 0"
		done
		printf '%s\n' "$@"
	} >"$out.list"
	"$build/usr/gen_init_cpio" "$out.list" | gzip -9 >"$out"
}

# board_boot IMAGE INITRD DTB LOG TIMEOUT [CMDLINE...]: boots under TCG;
# the console, without carriage returns, goes to stdout and LOG.
board_boot() {
	local image=$1 initrd=$2 dtb=$3 log=$4 limit=$5
	shift 5
	say "booting: qemu-system-aarch64 ${QEMU_MACHINE[*]} (TCG)"
	timeout --foreground "$limit" \
		qemu-system-aarch64 "${QEMU_MACHINE[@]}" -accel tcg \
		-nographic -no-reboot \
		-kernel "$image" -initrd "$initrd" -dtb "$dtb" \
		-append "console=ttyAMA0 rdinit=/init panic=-1 $*" \
		</dev/null 2>&1 | stdbuf -oL tr -d '\r' | tee "$log"
}
