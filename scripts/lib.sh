# shellcheck shell=bash disable=SC2034
# Shared settings for the host-side scripts; sourced, never run.
#
# OPP_CACHE   where the kernel tree, the pristine upstream copy and the build
#             directories live (default ~/.cache/opp-linux-6.12).
# OPP_TARBALL the Debian linux-source-6.12 tarball.

OPP_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OPP_SCRIPTS=$OPP_REPO/scripts
: "${HOME:=$(getent passwd "$(id -u)" | cut -d: -f6)}"
OPP_CACHE=$(realpath -m "${OPP_CACHE:-$HOME/.cache/opp-linux-6.12}")
OPP_TARBALL=${OPP_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
OPP_TREE=$OPP_CACHE/linux-source-6.12
OPP_STAMP=$OPP_CACHE/linux-source-6.12.stamp
OPP_UPSTREAM=$OPP_CACHE/upstream
OPP_BUILD=$OPP_CACHE/build-kunit-x86_64
export OPP_CACHE

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

# One run at a time per cache: kunit.py and kbuild share the tree and build dir.
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
}
