#!/usr/bin/env bash
# make patches-test: what an integrator does with the series, checked.
#   1. make patches (scripts/patches.sh), into OUT;
#   2. a fresh tree: a new git worktree of the base commit (Debian's
#      linux-source-6.12 as extracted, nothing of ours), where "git am"
#      applies every patch;
#   3. the tree must build after every patch (bisectable).
#
# Building a whole kernel per patch would cost a full build each. What a
# patch can break is what it touches, so:
#   - the configuration is make check's: kunit.py makes it once, from the
#     series' own drivers/opp/.kunitconfig at the last patch,
#     scripts/debug.config and scripts/base-x86_64.config, and it is
#     restored before each step (olddefconfig drops the KUnit option where
#     its Kconfig does not exist yet, and gets it back later);
#   - the last patch is built first, in full: its tree is the one make check
#     builds, at the same paths relative to the build dir (the worktree is
#     $OPP_CACHE/patches-am/linux-source-6.12, built in
#     $OPP_CACHE/patches-am/build-kunit-x86_64, and lib.sh sets
#     CCACHE_BASEDIR to $OPP_CACHE), with the same .config, so ccache has
#     every object make check compiled;
#   - then the patches from the first on, each an incremental build from
#     the one before: the first a full "make" (from the last patch back to
#     the first, anything may have changed); a later one, if it touches only
#     drivers/opp/ and no Kconfig, "make drivers/opp/" (kbuild recompiles
#     what changed there); if it touches a Kconfig, or anything outside
#     drivers/opp/ and Documentation/, a full incremental "make" (the
#     configuration may have changed objects elsewhere); Documentation/
#     only: nothing to compile.
# Kernel builds run under the cache lock. The last line: "patches-test: N/N
# patches applied with git am, the tree built after each", or
# "patches-test: FAIL: ..." saying where it stopped.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

BASE_REPO=$OPP_CACHE/patches-linux
OUT=$(realpath -m "${OUT:-$OPP_CACHE/patches}")
AM_DIR=$OPP_CACHE/patches-am
AM_TREE=$AM_DIR/linux-source-6.12
BUILD=$AM_DIR/build-kunit-x86_64
CONFIG=$OPP_CACHE/patches-kunit.config
JOBS=${OPP_JOBS:-$(nproc)}

kmake() {
	kbuild_cc
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -C "$AM_TREE" O="$BUILD" ARCH=x86_64 "${KBUILD_CC[@]}" -j"$JOBS" -s "$@"
}

fresh_tree() {
	local start=$SECONDS
	git -C "$BASE_REPO" worktree remove --force "$AM_TREE" 2>/dev/null || true
	rm -rf "$AM_DIR" "$OPP_CACHE/build-patches-x86_64"
	git -C "$BASE_REPO" worktree prune
	mkdir -p "$AM_DIR"
	git -C "$BASE_REPO" worktree add -q --detach "$AM_TREE" opp-base
	say "fresh tree $AM_TREE at the base commit ($((SECONDS - start)) s)"
}

apply_series() {
	mapfile -t PATCHES < <(printf '%s\n' "$OUT"/[0-9][0-9][0-9][0-9]-*.patch |
		grep -v '/0000-cover-letter\.patch$')
	((${#PATCHES[@]} > 0)) || die "no patches in $OUT"
	# git am needs a committer, the integrator; the author comes from each
	# patch.
	GIT_COMMITTER_NAME="make patches-test" GIT_COMMITTER_EMAIL=patches-test@localhost \
		git -C "$AM_TREE" am -q "${PATCHES[@]}" ||
		die "git am failed on the fresh tree (see above)"
	say "git am: ${#PATCHES[@]} patches applied"
	mapfile -t COMMITS < <(git -C "$AM_TREE" rev-list --reverse opp-base..HEAD)
	((${#COMMITS[@]} == ${#PATCHES[@]})) || die "git am made ${#COMMITS[@]} commits of ${#PATCHES[@]} patches"
}

configure() {
	say "configuring $BUILD: kunit.py config --arch=x86_64 --kunitconfig=drivers/opp"
	rm -rf "$BUILD"
	kunit_cc
	(cd "$AM_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 tools/testing/kunit/kunit.py config --arch=x86_64 \
		--build_dir="$BUILD" --kunitconfig=drivers/opp \
		--kunitconfig="$OPP_SCRIPTS/debug.config" \
		--kunitconfig="$OPP_BASE_CONFIG" "${KUNIT_CC[@]}") >"$OPP_CACHE/patches-config.log" 2>&1 ||
		die "kunit.py config failed: $(tail -n 20 "$OPP_CACHE/patches-config.log")"
	cp "$BUILD/.config" "$CONFIG"
}

# build_step I PREV: checks out commit I and builds what it can have
# broken, PREV being the index of the commit built last (-1: none).
build_step() {
	local i=$1 prev=$2 commit=${COMMITS[$1]} files what start=$SECONDS log
	git -C "$AM_TREE" checkout -q --detach "$commit"
	cp "$CONFIG" "$BUILD/.config"
	kmake olddefconfig >/dev/null
	files=$(git -C "$AM_TREE" diff --name-only "$commit~1" "$commit")
	if ((prev != i - 1)); then
		what=full
	elif grep -qvE '^(drivers/opp/|Documentation/)' <<<"$files" ||
		grep -qE '(^|/)Kconfig' <<<"$files"; then
		what=full
	elif grep -q '^drivers/opp/' <<<"$files"; then
		what=opp
	else
		what=none
	fi
	log=$OPP_CACHE/patches-build-$((i + 1)).log
	case $what in
	full) kmake >"$log" 2>&1 || { tail -n 40 "$log"; return 1; } ;;
	opp) kmake drivers/opp/ >"$log" 2>&1 || { tail -n 40 "$log"; return 1; } ;;
	none) : >"$log" ;;
	esac
	# A warning in our files fails the step as an error would (the rest of
	# the tree is Debian's business).
	if grep -E '(drivers/opp/|include/linux/pm_opp\.h).*(warning|error):' "$log"; then
		return 1
	fi
	say "patch $((i + 1))/${#COMMITS[@]} $(git -C "$AM_TREE" log -1 --format=%s "$commit"): built ($what, $((SECONDS - start)) s)"
}

main() {
	local start=$SECONDS i built=0 last prev
	bash "$OPP_SCRIPTS/patches.sh"
	bash "$OPP_SCRIPTS/deps.sh"
	lock_cache
	fresh_tree
	apply_series
	configure
	last=$((${#COMMITS[@]} - 1))
	prev=-1
	for i in "$last" $(seq 0 $((last - 1))); do
		if ! build_step "$i" "$prev"; then
			echo "FAIL patches-test: the tree does not build after patch $((i + 1)): $(git -C "$AM_TREE" log -1 --format=%s "${COMMITS[$i]}")"
			break
		fi
		built=$((built + 1)) prev=$i
	done
	say "patches-test: $((SECONDS - start)) s"
	if ((built != ${#COMMITS[@]})); then
		echo "patches-test: FAIL: ${#COMMITS[@]} patches applied with git am, the tree built after $built of them (tree kept in $AM_TREE)"
		return 1
	fi
	git -C "$BASE_REPO" worktree remove --force "$AM_TREE"
	echo "patches-test: ${#COMMITS[@]}/${#COMMITS[@]} patches applied with git am, the tree built after each"
}

main "$@"
