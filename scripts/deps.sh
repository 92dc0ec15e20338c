#!/usr/bin/env bash
# Installs the Debian packages the host side needs, and only the missing ones.
# As root: one "apt-get update", then "apt-get install -y
# --no-install-recommends": what the packages need, not what Debian
# recommends with them. Otherwise: prints the command to run and fails. A second run installs nothing. Arguments are
# extra packages a target needs (make lint: python3-sphinx).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PACKAGES=(
	"$OPP_SOURCE" qemu-system-x86 gcc make flex bison bc libelf-dev
	libssl-dev python3 device-tree-compiler cpio rsync xz-utils sparse ccache
)

is_installed() {
	[[ $(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null) == installed ]]
}

missing_packages() {
	local p
	for p in "${PACKAGES[@]}"; do
		is_installed "$p" || printf '%s\n' "$p"
	done
}

install() {
	export DEBIAN_FRONTEND=noninteractive
	say "installing: $*"
	apt-get update
	apt-get install -y --no-install-recommends "$@"
}

main() {
	local missing
	PACKAGES+=("$@")
	mapfile -t missing < <(missing_packages)
	if ((${#missing[@]} == 0)); then
		say "deps: all ${#PACKAGES[@]} packages present"
		return 0
	fi
	if ((EUID != 0)); then
		printf 'error: missing packages; as root run:\n  apt-get update && apt-get install -y --no-install-recommends %s\n' \
			"${missing[*]}" >&2
		exit 1
	fi
	# Steps that CI runs side by side may install at once: one at a time,
	# each installing what is still missing once it has its turn.
	mkdir -p "$OPP_CACHE"
	exec 7>"$OPP_CACHE/.deps.lock"
	flock 7
	mapfile -t missing < <(missing_packages)
	((${#missing[@]} == 0)) || install "${missing[@]}"
}

main "$@"
