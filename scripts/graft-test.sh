#!/usr/bin/env bash
# make graft-test: make graft / make ungraft on scratch trees, never on a
# tree of the user's. The scratch tree holds what a graft touches and some
# neighbours, taken from the linux-source-$KERNEL tarball (top Makefile,
# drivers/opp, include/linux/pm_opp.h and pm_domain.h, Documentation/power,
# drivers/Makefile), made a git repository for the cases that need one. The
# graft records go to a scratch OPP_CACHE. Each case prints "ok" or
# "not ok"; the last line is "N passed, N failed"; exit 0 only if none
# failed.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source-path=SCRIPTDIR source=series.sh
source "$OPP_SCRIPTS/series.sh"

SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
PRISTINE=$SCRATCH/pristine
MEMBERS=(Makefile drivers/Makefile drivers/opp include/linux/pm_opp.h
	include/linux/pm_domain.h Documentation/power)
passed=0
failed=0

ok() {
	echo "ok - $1"
	passed=$((passed + 1))
}

not_ok() {
	echo "not ok - $1"
	# shellcheck disable=SC2001 # every line of a multi-line message
	[[ -z ${2:-} ]] || sed 's/^/    # /' <<<"$2"
	failed=$((failed + 1))
}

# check NAME COMMAND...: one case, passed when COMMAND succeeds.
check() {
	local name=$1 out
	shift
	if out=$("$@" 2>&1); then ok "$name"; else not_ok "$name" "$out"; fi
}

pristine_tree() {
	local top=linux-source-$KERNEL
	[[ -f $OPP_TARBALL ]] || die "$OPP_TARBALL missing (apt-get install linux-source-$KERNEL)"
	mkdir -p "$PRISTINE"
	tar -xf "$OPP_TARBALL" -C "$PRISTINE" --strip-components=1 "${MEMBERS[@]/#/$top/}"
}

# new_tree NAME [git]: a fresh copy of the pristine tree, a git repository
# with one commit when asked.
new_tree() {
	local t=$SCRATCH/$1
	rm -rf "$t"
	cp -a "$PRISTINE" "$t"
	if [[ ${2:-} == git ]]; then
		git -C "$t" init -q
		git -C "$t" add -A -f .
		git -C "$t" -c user.name=scratch -c user.email=scratch@localhost \
			-c commit.gpgsign=false commit -q -m base
	fi
	echo "$t"
}

# Everything of a tree that "byte-identical" covers: each file's and
# symlink's path, type, mode and content.
snapshot() {
	(cd "$1" && find . -path ./.git -prune -o -printf '%y %m %p\n' | sort &&
		find . -path ./.git -prune -o -type f -print0 | sort -z |
		xargs -0 sha256sum)
}

# make graft / ungraft as the user runs them, records in a scratch cache.
mk() {
	env OPP_CACHE="$SCRATCH/cache" make -s --no-print-directory -C "$OPP_REPO" "$@" </dev/null
}

# fails_with TEXT COMMAND...: COMMAND must fail and say TEXT.
fails_with() {
	local text=$1 out
	shift
	if out=$("$@" 2>&1); then
		echo "succeeded: $out"
		return 1
	fi
	grep -qF -- "$text" <<<"$out" || { echo "no '$text' in: $out"; return 1; }
}

same_tree() {
	diff <(snapshot "$1") <(snapshot "$2")
}

# The grafted paths hold exactly what the series stages.
holds_series() {
	local t=$1 p
	series_stage "$SCRATCH/stage"
	for p in "${SERIES_PATHS[@]}"; do
		diff -r "$SCRATCH/stage/$p" "$t/$p" || return 1
	done
}

main() {
	local t out before
	pristine_tree

	t=$(new_tree old)
	sed -i 's/^PATCHLEVEL = .*/PATCHLEVEL = 11/' "$t/Makefile"
	before=$(snapshot "$t")
	check "graft refuses a 6.11 tree" fails_with "not 6.12.x" mk graft KDIR="$t"
	check "the refused tree is untouched" diff <(echo "$before") <(snapshot "$t")
	check "graft refuses a directory that does not exist" \
		fails_with "no such directory" mk graft KDIR="$SCRATCH/cache-less"
	mkdir -p "$SCRATCH/empty"
	check "graft refuses an empty directory" \
		fails_with "not a kernel tree" mk graft KDIR="$SCRATCH/empty"
	check "graft without KDIR says how to call it" fails_with "usage: make graft" mk graft

	t=$(new_tree dirty git)
	echo "/* local change */" >>"$t/drivers/opp/core.c"
	check "graft refuses a git tree with a change in drivers/opp, naming it" \
		fails_with "drivers/opp/core.c" mk graft KDIR="$t"
	t=$(new_tree untracked git)
	echo "obj-y += x.o" >"$t/drivers/opp/local.mk"
	check "graft refuses an untracked file under drivers/opp, naming it" \
		fails_with "drivers/opp/local.mk" mk graft KDIR="$t"
	t=$(new_tree staged git)
	echo "/* staged */" >>"$t/include/linux/pm_opp.h"
	git -C "$t" add include/linux/pm_opp.h
	before=$(snapshot "$t")
	check "graft refuses a staged change to pm_opp.h, naming it" \
		fails_with "include/linux/pm_opp.h" mk graft KDIR="$t"
	check "the refused git tree is untouched" diff <(echo "$before") <(snapshot "$t")

	# The round trip in a clean git tree.
	t=$(new_tree git git)
	echo "# unrelated work in progress" >>"$t/drivers/Makefile"
	before=$(snapshot "$t")
	if out=$(mk graft KDIR="$t" 2>&1); then ok "graft of a clean $KERNEL git tree (a change elsewhere)"; else
		not_ok "graft of a clean $KERNEL git tree" "$out"; fi
	check "graft lists what it replaces" grep -q "replaced  drivers/opp/of.c" <<<"$out"
	check "graft lists what it adds" grep -q "added     drivers/opp/dvfs.c" <<<"$out"
	check "graft lists what it removes" grep -q "removed   drivers/opp/core.c" <<<"$out"
	check "graft replaces pm_opp.h" grep -q "replaced  include/linux/pm_opp.h" <<<"$out"
	check "the grafted tree holds exactly the series' content" holds_series "$t"
	check "the neighbours are untouched" cmp "$PRISTINE/include/linux/pm_domain.h" \
		"$t/include/linux/pm_domain.h"
	check "a second graft is refused" fails_with "already grafted" mk graft KDIR="$t"
	echo "/* edited after the graft */" >>"$t/drivers/opp/of.c"
	check "ungraft refuses to lose an edit made after the graft, naming the file" \
		fails_with "drivers/opp/of.c" mk ungraft KDIR="$t"
	check "FORCE=1 ungraft restores all the same" mk ungraft KDIR="$t" FORCE=1
	check "after graft and ungraft the tree is byte-identical" \
		diff <(echo "$before") <(snapshot "$t")
	check "git sees only the unrelated change" \
		test "$(git -C "$t" status --porcelain)" = " M drivers/Makefile"
	check "ungraft of a tree not grafted is refused" \
		fails_with "was not grafted" mk ungraft KDIR="$t"

	# Any $KERNEL.y, git or not: a plain directory, a later stable release.
	t=$(new_tree plain)
	sed -i 's/^SUBLEVEL = .*/SUBLEVEL = 99/' "$t/Makefile"
	before=$(snapshot "$t")
	check "graft of a plain $KERNEL.99 directory" mk graft KDIR="$t"
	check "the plain tree holds the series' content" holds_series "$t"
	check "ungraft of the plain tree" mk ungraft KDIR="$t"
	check "the plain tree is byte-identical again" diff <(echo "$before") <(snapshot "$t")
	check "no graft record is left behind" test -z "$(ls -A "$SCRATCH/cache/grafts")"

	echo "$passed passed, $failed failed"
	((failed == 0))
}

main "$@"
