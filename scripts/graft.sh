#!/usr/bin/env bash
# make graft KDIR=/path/to/linux: puts this OPP core into a kernel tree of
# the user's, any 6.12.y or 6.1.y; make ungraft KDIR=... puts the originals back.
#
#   graft.sh graft    refuses a tree whose Makefile is not 6.12.x or 6.1.x and, in a
#                     git tree, one with uncommitted changes (untracked files
#                     included) under the paths it writes; prints what it
#                     replaces, adds and removes; keeps the originals in
#                     $OPP_CACHE/grafts/<id>/ (a tar, with modes and times);
#                     then writes the same content as "make patches" does
#                     (scripts/series.sh): drivers/opp, pm_opp.h, opp.rst.
#   graft.sh ungraft  refuses when a grafted file was changed since (FORCE=1
#                     restores all the same), else restores the originals
#                     byte for byte and forgets the graft.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source-path=SCRIPTDIR source=series.sh
source "$OPP_SCRIPTS/series.sh"

usage() { die "usage: make graft KDIR=/path/to/linux-6.12-or-6.1 (or make ungraft KDIR=...)"; }

# The tree's version from its Makefile: "6.12.57" (EXTRAVERSION appended).
tree_version() {
	awk -F' *= *' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } $1 == "EXTRAVERSION" { e = $2 }
		/^$/ && v != "" { exit }
		END { if (v != "") print v "." p "." s e }' "$KDIR/Makefile"
}

check_tree() {
	[[ -n ${KDIR:-} ]] || usage
	[[ -d $KDIR ]] || die "KDIR=$KDIR: no such directory"
	KDIR=$(cd "$KDIR" && pwd -P)
	[[ -f $KDIR/Makefile && -d $KDIR/drivers && -d $KDIR/include/linux ]] ||
		die "$KDIR is not a kernel tree (no Makefile, drivers/ or include/linux/)"
	VERSION=$(tree_version)
	[[ $VERSION =~ ^6\.(12|1)\.[0-9]+ ]] ||
		die "$KDIR is Linux ${VERSION:-of unknown version} (its Makefile), not 6.12.x or 6.1.x: the kernels this core builds on"
	RECORD=$OPP_CACHE/grafts/$(printf '%s' "$KDIR" | sha1sum | cut -c1-16)
}

# In a git tree, nothing uncommitted under the paths we write.
check_clean() {
	local top dirty
	top=$(git -C "$KDIR" rev-parse --show-toplevel 2>/dev/null) || return 0
	dirty=$(cd "$KDIR" && git status --porcelain --untracked-files=all -- "${SERIES_PATHS[@]}")
	[[ -z $dirty ]] && return 0
	echo "error: $KDIR (git tree $top) has uncommitted changes where the graft writes:" >&2
	echo "${dirty//$'\n'/$'\n'    }" | sed '1s/^/    /' >&2
	die "commit or stash them first"
}

# Files (and symlinks) under the paths, relative to the tree, sorted.
list_files() {
	local root=$1 p
	for p in "${SERIES_PATHS[@]}"; do
		[[ -e $root/$p || -L $root/$p ]] || continue
		(cd "$root" && find "$p" \( -type f -o -type l \) -print)
	done | sort
}

report() {
	local stage=$1 f added=0 replaced=0 removed=0 same=0
	say "graft into $KDIR (Linux $VERSION):"
	while read -r f; do
		if [[ ! -e $stage/$f ]]; then
			echo "    removed   $f"
			removed=$((removed + 1))
		elif cmp -s "$KDIR/$f" "$stage/$f"; then
			same=$((same + 1))
		else
			echo "    replaced  $f"
			replaced=$((replaced + 1))
		fi
	done < <(list_files "$KDIR")
	while read -r f; do
		[[ -e $KDIR/$f || -L $KDIR/$f ]] && continue
		echo "    added     $f"
		added=$((added + 1))
	done < <(list_files "$stage")
	say "$replaced replaced, $added added, $removed removed, $same unchanged"
}

graft() {
	local p present=()
	[[ ! -d $RECORD ]] ||
		die "$KDIR is already grafted ($(cat "$RECORD/when")); make ungraft KDIR=$KDIR first"
	check_clean
	STAGE=$(mktemp -d)
	trap 'rm -rf "$STAGE"' EXIT
	series_stage "$STAGE"
	report "$STAGE"
	mkdir -p "$RECORD"
	for p in "${SERIES_PATHS[@]}"; do
		[[ -e $KDIR/$p || -L $KDIR/$p ]] && present+=("$p")
	done
	# The originals, with modes and times, before anything is written.
	tar -C "$KDIR" -cf "$RECORD/orig.tar" --format=posix -- "${present[@]}"
	printf '%s\n' "$KDIR" >"$RECORD/kdir"
	printf '%s\n' "$(date -u '+%F %T UTC') by $OPP_REPO" >"$RECORD/when"
	# Content that did not change keeps its mtime (rsync --checksum without
	# --times), so the tree's next build recompiles only what changed.
	rsync --recursive --links --checksum --delete "$STAGE/drivers/opp/" "$KDIR/drivers/opp/"
	rsync --checksum "$STAGE/include/linux/pm_opp.h" "$KDIR/include/linux/pm_opp.h"
	mkdir -p "$KDIR/Documentation/power"
	rsync --checksum "$STAGE/Documentation/power/opp.rst" "$KDIR/Documentation/power/opp.rst"
	(cd "$KDIR" && list_files . | sed 's|^\./||' | xargs -d '\n' sha256sum) >"$RECORD/grafted.sha256"
	say "originals kept in $RECORD/orig.tar; make ungraft KDIR=$KDIR restores them"
}

ungraft() {
	local changed extra
	[[ -f $RECORD/orig.tar ]] || die "$KDIR was not grafted by make graft (no $RECORD)"
	changed=$(cd "$KDIR" && { sha256sum --check --quiet "$RECORD/grafted.sha256" 2>/dev/null || true; } |
		sed 's/: .*//')
	extra=$(comm -13 <(cut -c67- "$RECORD/grafted.sha256" | sort) <(list_files "$KDIR"))
	if [[ -n $changed$extra ]]; then
		echo "warning: changed in $KDIR since the graft:" >&2
		printf '%s\n%s\n' "$changed" "$extra" | sed '/^$/d; s/^/    /' >&2
		[[ ${FORCE:-0} == 1 ]] || die "these would be lost; FORCE=1 make ungraft KDIR=$KDIR restores anyway"
	fi
	rm -rf "${SERIES_PATHS[@]/#/$KDIR/}"
	tar -C "$KDIR" -xpf "$RECORD/orig.tar"
	rm -rf "$RECORD"
	say "ungraft: $KDIR has its original drivers/opp, pm_opp.h and opp.rst back"
}

main() {
	check_tree
	case ${1:-} in
	graft) graft ;;
	ungraft) ungraft ;;
	*) usage ;;
	esac
}

main "$@"
