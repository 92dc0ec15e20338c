# shellcheck shell=bash disable=SC2034
# Shared settings for the host-side scripts; sourced, never run.
#
# KERNEL      the kernel to build on: 6.12 (default) or 6.1, each from its
#             Debian linux-source-$KERNEL package, each in its own cache.
# OPP_CACHE   where the kernel tree, the pristine upstream copy and the build
#             directories live (default ~/.cache/opp-linux-$KERNEL).
# OPP_TARBALL the Debian linux-source-$KERNEL tarball.

OPP_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OPP_SCRIPTS=$OPP_REPO/scripts
: "${HOME:=$(getent passwd "$(id -u)" | cut -d: -f6)}"
KERNEL=${KERNEL:-6.12}
case $KERNEL in
6.12 | 6.1) ;;
*)
	printf 'error: KERNEL=%s: this core builds on 6.12 or 6.1\n' "$KERNEL" >&2
	exit 1
	;;
esac
export KERNEL
OPP_SOURCE=linux-source-$KERNEL
OPP_CACHE=$(realpath -m "${OPP_CACHE:-$HOME/.cache/opp-linux-$KERNEL}")
OPP_TARBALL=${OPP_TARBALL:-/usr/src/$OPP_SOURCE.tar.xz}
OPP_TREE=$OPP_CACHE/$OPP_SOURCE
OPP_STAMP=$OPP_CACHE/$OPP_SOURCE.stamp
OPP_UPSTREAM=$OPP_CACHE/upstream
OPP_BUILD=$OPP_CACHE/build-kunit-x86_64
export OPP_CACHE

# make jobs of every kernel build and of lint's sparse pass: one per CPU.
OPP_JOBS=${OPP_JOBS:-$(nproc)}

# Every kernel build compiles through ccache, its cache in $OPP_CACHE/ccache:
# a build dir rebuilt from scratch, a tree that swaps cores (conformance) or
# a worktree checked out anew (patches-test) gets the objects whose sources
# and flags it has seen before. Headers grafted just before a build would be too new for
# ccache's direct mode; their content is what counts. Paths under
# $OPP_CACHE are hashed relative to the build dir, so a tree and a build dir
# side by side anywhere in it (patches-test's worktree) hit what the cached
# tree built in a sibling build dir.
export CCACHE_DIR=$OPP_CACHE/ccache
export CCACHE_BASEDIR=$OPP_CACHE
export CCACHE_MAXSIZE=${OPP_CCACHE_SIZE:-8G}
export CCACHE_SLOPPINESS=include_file_mtime,include_file_ctime
# A miss compiles once, without a separate preprocessor run: the key comes
# from the dependency file kbuild asks gcc for (-Wp,-MMD).
export CCACHE_DEPEND=1

# The base of the x86_64 KUnit kernels (check, fuzz, lint, race, conformance,
# patches-test): kunit.py's defaults without what no suite needs.
OPP_BASE_CONFIG=$OPP_SCRIPTS/base-x86_64.config

# Options of our fragments that 6.1 does not offer on these configurations
# (absent there, or behind a dependency that is off), left out of what
# kunit.py reads on 6.1: it fails on an option it could not set.
# ARM_TI_CPUFREQ needs ARCH_OMAP2PLUS on 6.1, COMPILE_TEST does not do: the
# TI supply driver and its suite are not built there.
OPP_ABSENT_6_1=(X86_16BIT RANDOMIZE_BASE COMMON_CLK_NUVOTON COMMON_CLK_STM32MP
	COMPILE_TEST ARM_TI_CPUFREQ)

# kunitconfig_args FRAGMENT...: sets KUNITCONFIG_ARGS to kunit.py's
# --kunitconfig arguments for the fragments (a directory: its .kunitconfig),
# as $KERNEL takes them: on 6.1, copies in the cache without those options.
kunitconfig_args() {
	local f out absent
	absent=$(IFS='|' && echo "${OPP_ABSENT_6_1[*]}")
	KUNITCONFIG_ARGS=()
	for f in "$@"; do
		[[ -d $f ]] && f=$f/.kunitconfig
		if [[ $KERNEL == 6.1 ]]; then
			out=$OPP_CACHE/kunitconfig/$(printf '%s' "$f" | md5sum | cut -c1-8)-${f##*/}
			mkdir -p "${out%/*}"
			grep -Ev "^(# )?CONFIG_($absent)[= ]" "$f" >"$out"
			f=$out
		fi
		KUNITCONFIG_ARGS+=(--kunitconfig="$f")
	done
}

# kbuild_cc [CROSS_COMPILE]: sets KBUILD_CC to the make arguments that put
# ccache in front of the target compiler (but not of the assembler sources:
# see ccache-cc) and of the host compiler.
# The wrapper is run from the cache, at a path that does not change with
# the clone (kbuild rebuilds every object whose command line changed).
kbuild_cc() {
	local cc=$OPP_CACHE/bin/ccache-cc
	if ! cmp -s "$OPP_SCRIPTS/ccache-cc" "$cc"; then
		mkdir -p "${cc%/*}"
		cp "$OPP_SCRIPTS/ccache-cc" "$cc.$$"
		chmod 755 "$cc.$$"
		mv "$cc.$$" "$cc"
	fi
	KBUILD_CC=("CC=$cc ${1:-}gcc" "HOSTCC=ccache gcc")
}

# kunit_cc [CROSS_COMPILE]: the same, as kunit.py arguments, in KUNIT_CC.
kunit_cc() {
	local arg
	kbuild_cc "${1:-}"
	KUNIT_CC=()
	for arg in "${KBUILD_CC[@]}"; do KUNIT_CC+=(--make_options="$arg"); done
}

# rsync without --times: a file whose content is unchanged keeps its mtime, a
# changed one gets "now", so kbuild rebuilds exactly what changed.
sync_into() {
	rsync --recursive --links --perms --checksum "$@"
}

# install_core CORE SUBDIR SOURCE: the tree's drivers/opp and pm_opp.h become
# upstream's pristine core or ours (grafted by tree.sh), with SOURCE copied
# beside it into drivers/opp/SUBDIR (bench/, conformance/), which the caller
# then hooks into kbuild. Upstream's core also gets the tests' fakes/, with
# one obj- line and one Kconfig source line appended, as our core has them.
install_core() {
	case $1 in
	upstream)
		local opp=$OPP_TREE/drivers/opp
		sync_into --delete "$OPP_UPSTREAM/drivers/opp/" "$opp/"
		sync_into "$OPP_UPSTREAM/include/linux/pm_opp.h" "$OPP_TREE/include/linux/pm_opp.h"
		sync_into --delete "$OPP_REPO/fakes/" "$opp/fakes/"
		# shellcheck disable=SC2016 # make's $(...), not the shell's
		printf '\nobj-$(CONFIG_PM_OPP_FAKES)\t+= fakes/\n' >>"$opp/Makefile"
		printf '\nsource "drivers/opp/fakes/Kconfig"\n' >>"$opp/Kconfig"
		;;
	ours)
		bash "$OPP_SCRIPTS/tree.sh" >/dev/null
		;;
	*)
		die "unknown core '$1' (upstream or ours)"
		;;
	esac
	sync_into --delete "$3/" "$OPP_TREE/drivers/opp/$2/"
}

# restore_tree SUBDIR: our core in the tree again, without SUBDIR.
restore_tree() {
	[[ -d $OPP_TREE/drivers/opp ]] || return 0
	rm -rf "${OPP_TREE:?}/drivers/opp/$1"
	bash "$OPP_SCRIPTS/tree.sh" >/dev/null && say "drivers/opp is ours again"
}

say() { printf '>> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# True when this shell inherited a descriptor of the lock file from a caller
# that holds it ("flock $OPP_CACHE/.lock make check"): locking a second
# descriptor would wait for ourselves forever.
lock_inherited() {
	local fd
	for fd in /proc/$$/fd/*; do
		[[ $(readlink "$fd" 2>/dev/null) == "$OPP_CACHE/.lock" ]] && return 0
	done
	return 1
}

# One run at a time per cache: kunit.py and kbuild share the tree and build
# dirs. A run that took the lock itself may let it go before it ends
# (unlock_cache); one whose caller holds it keeps it.
lock_cache() {
	[[ -n ${OPP_LOCKED:-} ]] && return 0
	if lock_inherited; then
		export OPP_LOCKED=1
		return 0
	fi
	mkdir -p "$OPP_CACHE"
	exec 9>"$OPP_CACHE/.lock"
	if ! flock -n 9; then
		say "waiting for another run on $OPP_CACHE"
		flock 9
	fi
	export OPP_LOCKED=1
	OPP_LOCK_OWNER=1
}

# Lets other runs have the tree and their own build dirs, once this run only
# boots what it built (make check and make fuzz while QEMU runs).
unlock_cache() {
	[[ -n ${OPP_LOCK_OWNER:-} ]] || return 0
	flock -u 9
	exec 9>&-
	unset OPP_LOCKED OPP_LOCK_OWNER
}

# lock_build_dir DIR: one run at a time in DIR, for its whole length (the
# kernel it boots and the test.log kunit.py writes there are DIR's). Taken
# before the cache lock, never while holding it.
lock_build_dir() {
	mkdir -p "$OPP_CACHE"
	exec 8>"$1.lock"
	if ! flock -n 8; then
		say "waiting for another run in $1"
		flock 8
	fi
}
