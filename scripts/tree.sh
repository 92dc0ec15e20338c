#!/usr/bin/env bash
# Prepares the kernel tree in the cache and grafts this repository into it:
#   1. extracts the linux-source-$KERNEL tarball once (redone if interrupted or if
#      the tarball changed), keeping a pristine copy of upstream drivers/opp and
#      include/linux/pm_opp.h in $OPP_CACHE/upstream;
#   2. syncs the repo into drivers/opp and include/linux/pm_opp.h.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Files of the repo that are not part of drivers/opp: every README.md among
# them (the kernel's documentation is Documentation/opp.rst). bench/ and
# conformance/ are grafted only by make bench and make conformance
# (scripts/bench.sh, scripts/conformance.sh).
GRAFT_EXCLUDES=(/.git /.gitignore /.ci /scripts /Documentation README.md /include /bench
	/conformance)

tarball_id() {
	stat -c '%s %Y' "$OPP_TARBALL"
}

tree_is_current() {
	[[ -d $OPP_TREE && -f $OPP_STAMP && $(cat "$OPP_STAMP") == "$(tarball_id)" ]]
}

save_upstream() {
	local src=$1
	rm -rf "$OPP_UPSTREAM"
	mkdir -p "$OPP_UPSTREAM/drivers" "$OPP_UPSTREAM/include/linux"
	cp -a "$src/drivers/opp" "$OPP_UPSTREAM/drivers/opp"
	cp -a "$src/include/linux/pm_opp.h" "$OPP_UPSTREAM/include/linux/pm_opp.h"
}

extract() {
	local tmp=$OPP_CACHE/.extract
	[[ -f $OPP_TARBALL ]] || die "$OPP_TARBALL missing (apt-get install $OPP_SOURCE)"
	say "extracting $OPP_TARBALL into $OPP_CACHE (once)"
	rm -rf "$tmp" "$OPP_STAMP"
	mkdir -p "$tmp"
	tar -xf "$OPP_TARBALL" -C "$tmp"
	save_upstream "$tmp/$OPP_SOURCE"
	# Objects built against another tree are not to be trusted.
	rm -rf "$OPP_TREE" "$OPP_CACHE"/build-*
	mv "$tmp/$OPP_SOURCE" "$OPP_TREE"
	rmdir "$tmp"
	tarball_id >"$OPP_STAMP"
}

graft() {
	local excludes=() e
	for e in "${GRAFT_EXCLUDES[@]}"; do excludes+=(--exclude="$e"); done
	sync_into --delete "${excludes[@]}" "$OPP_REPO/" "$OPP_TREE/drivers/opp/"
	local header=$OPP_REPO/include/linux/pm_opp.h
	if [[ ! -f $header ]]; then
		warn "$header missing; using upstream's"
		header=$OPP_UPSTREAM/include/linux/pm_opp.h
	fi
	sync_into "$header" "$OPP_TREE/include/linux/pm_opp.h"
	say "grafted $OPP_REPO into $OPP_TREE"
}

main() {
	lock_cache
	tree_is_current || extract
	graft
}

main "$@"
