#!/usr/bin/env bash
# make clean-cache: deletes $OPP_CACHE (the extracted tree, the pristine upstream
# copy, the build directories and the last logs). The next make check extracts
# and builds from scratch. Same as: rm -rf "${OPP_CACHE:-~/.cache/opp-linux-6.12}"
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

looks_like_cache() {
	[[ -e $OPP_STAMP || -d $OPP_TREE || -d $OPP_UPSTREAM || -d $OPP_BUILD ]]
}

main() {
	if [[ ! -d $OPP_CACHE ]]; then
		say "no cache at $OPP_CACHE"
		return 0
	fi
	case $OPP_CACHE in /|"$HOME"|"$HOME/.cache") die "refusing to delete $OPP_CACHE" ;; esac
	looks_like_cache || die "$OPP_CACHE does not look like an OPP cache; delete it by hand"
	lock_cache
	say "deleting $OPP_CACHE"
	rm -rf "$OPP_CACHE"
}

main "$@"
