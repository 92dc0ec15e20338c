#!/usr/bin/env bash
# make patches-test: what an integrator does with the series, checked.
#   1. make patches (scripts/patches.sh), into OUT;
#   2. a clean tree of the base commit (Debian's linux-source-$KERNEL as
#      extracted, nothing of ours), where "git am" applies every patch: a
#      git worktree kept in $OPP_CACHE/patches-am from run to run, reset
#      to the base commit and cleaned of every file git does not track
#      before each run (made anew when the base repository was);
#   3. the tree must build after every patch (bisectable).
#
# The kernel is built whole once, then only what a patch can break:
#   - the configuration is make check's and devfreq: kunit.py makes it
#     from the series' own drivers/opp/.kunitconfig at the last patch,
#     scripts/debug.config, scripts/base-x86_64.config and
#     scripts/patches.config, and it is restored before each step that
#     changes a Kconfig (olddefconfig drops the KUnit option where its
#     Kconfig does not exist yet, and gets it back later). Devfreq selects
#     PM_OPP at the patches before the KUnit option; a step whose
#     configuration lacks it fails;
#   - the last patch first, a full incremental "make" in the build dir the
#     worktree keeps ($OPP_CACHE/patches-am/build-kunit-x86_64): what the
#     last run built is still there, and ccache has what make check
#     compiled (the same paths relative to the build dir; lib.sh sets
#     CCACHE_BASEDIR to $OPP_CACHE). vmlinux links;
#   - then the patches from the first on, each built from the state of
#     the step before: "make drivers/opp/" and, outside drivers/opp, the
#     directories of the vmlinux objects whose dependencies (kbuild's
#     .cmd files) name a header the step changed or a configuration
#     option whose value it changed, and of the sources it changed: kbuild
#     rebuilds there what changed and leaves out what the step's
#     configuration no longer builds (on 6.1 only the KUnit option selects
#     PM_GENERIC_DOMAINS, so patch 1 builds no genpd). A step that
#     changes a Kconfig, Makefile or any other build file outside
#     drivers/opp is a full incremental "make". Instead of linking
#     vmlinux, the step's symbols are checked: whatever drivers/opp and
#     the objects of the rebuilt directories refer to, and whatever the
#     rest of vmlinux takes from drivers/opp, must be defined by them or
#     by the rest of the vmlinux of the full build.
# Kernel builds run under the cache lock. The last line: "patches-test: N/N
# patches applied with git am, the tree built after each", or
# "patches-test: FAIL: ..." saying where it stopped.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

BASE_REPO=$OPP_CACHE/patches-linux
OUT=$(realpath -m "${OUT:-$OPP_CACHE/patches}")
AM_DIR=$OPP_CACHE/patches-am
AM_TREE=$AM_DIR/$OPP_SOURCE
BUILD=$AM_DIR/build-kunit-x86_64
CONFIG=$OPP_CACHE/patches-kunit.config
# sort, comm and join agree on one order.
export LC_ALL=C

kmake() {
	kbuild_cc
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -C "$AM_TREE" O="$BUILD" ARCH=x86_64 "${KBUILD_CC[@]}" -j"$OPP_JOBS" -s "$@"
}

new_tree() {
	git -C "$BASE_REPO" worktree remove --force "$AM_TREE" 2>/dev/null || true
	rm -rf "$AM_DIR" "$OPP_CACHE/build-patches-x86_64"
	git -C "$BASE_REPO" worktree prune
	mkdir -p "$AM_DIR"
	git -C "$BASE_REPO" worktree add -q --detach "$AM_TREE" opp-base
}

# The worktree at the base commit, nothing else in it: the one of the last
# run, reset and cleaned, while it still belongs to the base repository.
clean_tree() {
	local start=$SECONDS base
	base=$(git -C "$BASE_REPO" rev-parse opp-base)
	if [[ $(git -C "$AM_TREE" rev-parse --path-format=absolute --git-common-dir 2>/dev/null) == "$BASE_REPO/.git" ]]; then
		git -C "$AM_TREE" am --abort >/dev/null 2>&1 || true
		git -C "$AM_TREE" checkout -q -f --detach "$base"
		git -C "$AM_TREE" clean -q -f -d -x
	else
		new_tree
	fi
	[[ $(git -C "$AM_TREE" rev-parse HEAD) == "$base" && -z $(git -C "$AM_TREE" status --porcelain --ignored) ]] ||
		die "$AM_TREE is not a clean tree of the base commit"
	say "clean tree $AM_TREE at the base commit ($((SECONDS - start)) s)"
}

apply_series() {
	mapfile -t PATCHES < <(printf '%s\n' "$OUT"/[0-9][0-9][0-9][0-9]-*.patch |
		grep -v '/0000-cover-letter\.patch$')
	((${#PATCHES[@]} > 0)) || die "no patches in $OUT"
	# git am needs a committer, the integrator; the author comes from each
	# patch.
	GIT_COMMITTER_NAME="make patches-test" GIT_COMMITTER_EMAIL=patches-test@localhost \
		git -C "$AM_TREE" am -q "${PATCHES[@]}" ||
		die "git am failed on the clean tree of the base (see above)"
	say "git am: ${#PATCHES[@]} patches applied"
	mapfile -t COMMITS < <(git -C "$AM_TREE" rev-list --reverse opp-base..HEAD)
	((${#COMMITS[@]} == ${#PATCHES[@]})) || die "git am made ${#COMMITS[@]} commits of ${#PATCHES[@]} patches"
}

configure() {
	say "configuring $BUILD: kunit.py config --arch=x86_64 --kunitconfig=drivers/opp"
	kunit_cc
	kunitconfig_args "$AM_TREE/drivers/opp" "$OPP_SCRIPTS/debug.config" \
		"$OPP_BASE_CONFIG" "$OPP_SCRIPTS/patches.config"
	(cd "$AM_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 tools/testing/kunit/kunit.py config --arch=x86_64 \
		--build_dir="$BUILD" "${KUNITCONFIG_ARGS[@]}" \
		"${KUNIT_CC[@]}") >"$OPP_CACHE/patches-config.log" 2>&1 ||
		die "kunit.py config failed: $(tail -n 20 "$OPP_CACHE/patches-config.log")"
	cp "$BUILD/.config" "$CONFIG"
}

# The global symbols an object file or archive defines, or refers to (-u).
defined() { nm -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u; }
undefined() { nm -u "$@" 2>/dev/null | awk 'NF == 2 { print $2 }' | sort -u; }

# members ARCHIVE...: the objects in kbuild's thin ARCHIVEs, relative to
# the build dir.
members() {
	local a
	for a in "$@"; do
		[[ ! -f $a ]] || ar t "$a"
	done | sed "s|^$BUILD/||" | sort -u
}

# After the full build: the objects linked into vmlinux (its archive and
# the lib.a archives), the symbols each defines ("object symbol" lines),
# what vmlinux defines without drivers/opp, and what the rest of vmlinux
# takes from drivers/opp ("object symbol" lines).
record_symbols() {
	local opp_syms=$AM_DIR/opp.defined
	# shellcheck disable=SC2046 # one archive a line, no blanks in paths
	members "$BUILD/vmlinux.a" $(find "$BUILD" -name lib.a) >"$AM_DIR/vmlinux.objects"
	# shellcheck disable=SC2046
	(cd "$BUILD" && nm -A -g --defined-only vmlinux.a $(find . -name lib.a -printf '%P\n')) |
		sed -n 's|^[^:]*:\([^:]*\): *[0-9a-f]* [A-Za-z] \(.*\)$|\1 \2|p' |
		sort -u >"$AM_DIR/objects.defined"
	defined "$BUILD/drivers/opp/built-in.a" >"$opp_syms"
	nm -g --defined-only "$BUILD/vmlinux" | awk 'NF == 3 { print $3 }' | sort -u |
		comm -23 - "$opp_syms" >"$AM_DIR/kernel.defined"
	(cd "$BUILD" && nm -A -u vmlinux.a) |
		sed -n 's|^vmlinux\.a:\([^:]*\): *U \(.*\)$|\2 \1|p' |
		grep -v ' drivers/opp/' | sort -u | join - "$opp_syms" |
		awk '{ print $2, $1 }' >"$AM_DIR/kernel.wants"
}

# under DIRS_FILE IN OUT: of IN's "object symbol" lines, the symbols of
# objects under one of DIRS_FILE's directories when OUT is 1, of the
# others when OUT is 0.
under() {
	awk -v out="$3" 'NR == FNR { if (NF) dirs[$1] = 1; next }
		{ in_dir = 0; for (d in dirs) if (index($1, d) == 1) in_dir = 1 }
		in_dir == out { print $2 }' "$1" "$2"
}

# check_symbols DIR...: a step's drivers/opp and the objects of the
# rebuilt DIRs (whatever the full build had there is replaced by what they
# hold now) link with the rest of vmlinux: prints what nothing defines.
check_symbols() {
	local wants=$AM_DIR/step.wants have=$AM_DIR/step.defined
	local dirs=$AM_DIR/step.dirs d objs=()
	printf '%s\n' "$@" >"$dirs"
	mapfile -t objs < <(for d in "$@"; do
		members "$BUILD/$d/built-in.a" "$BUILD/$d/lib.a"
	done | sort -u)
	{
		undefined "$BUILD/drivers/opp/built-in.a" "${objs[@]/#/$BUILD/}"
		under "$dirs" "$AM_DIR/kernel.wants" 0
	} | sort -u >"$wants"
	{
		defined "$BUILD/drivers/opp/built-in.a" "${objs[@]/#/$BUILD/}"
		under "$dirs" "$AM_DIR/objects.defined" 1 | sort -u |
			comm -23 "$AM_DIR/kernel.defined" -
	} | sort -u >"$have"
	comm -23 "$wants" "$have"
}

# objects_naming STRING...: the objects of vmlinux outside drivers/opp
# whose kbuild dependencies name one of the STRINGs (a header, an
# include/config/ file). Those of the boot image, the vDSO or tools are
# not vmlinux's (6.1's arch/x86/boot/compressed/ cannot be built alone:
# it includes a header the boot Makefile makes from vmlinux).
objects_naming() {
	(($#)) || return 0
	(cd "$BUILD" && grep -rlF --include='.*.o.cmd' "${@/#/-e}" . 2>/dev/null) |
		sed -E 's|^\./||; s|(^\|/)\.([^/]*)\.cmd$|\1\2|' |
		grep -v '^drivers/opp/' | grep -Fx -f "$AM_DIR/vmlinux.objects" || true
}

# step_dirs PREV_COMMIT COMMIT PREV_CONFIG: what to build outside
# drivers/opp for COMMIT, the directories of the objects it can have
# changed (a changed source only if this kernel builds it), one "dir/" a
# line, or "full" alone.
step_dirs() {
	local f names=() objs=()
	while read -r f; do
		case $f in
		drivers/opp/* | Documentation/* | MAINTAINERS) ;;
		*.h) names+=("$f") ;;
		*.c) [[ ! -f $BUILD/${f%.c}.o ]] || objs+=("${f%.c}.o") ;;
		*) echo full; return ;;
		esac
	done < <(git -C "$AM_TREE" diff --name-only "$1" "$2")
	while read -r f; do
		names+=("include/config/$f")
	done < <(diff <(grep '^# CONFIG_\|^CONFIG_' "$3") <(grep '^# CONFIG_\|^CONFIG_' "$BUILD/.config") |
		 sed -n 's/^[<>] #* *CONFIG_\([A-Za-z0-9_]*\).*/\1/p' | sort -u)
	{
		((${#objs[@]} == 0)) || printf '%s\n' "${objs[@]}"
		objects_naming "${names[@]}"
	} | sed -E 's|/[^/]*$|/|' | sort -u
}

# build_step I PREV: checks out commit I and builds what it can have
# broken, PREV being the index of the commit built last (-1: none).
build_step() {
	local i=$1 prev=$2 commit=${COMMITS[$1]} what start=$SECONDS log missing
	local prev_config=$AM_DIR/prev.config dirs=()
	cp "$BUILD/.config" "$prev_config" 2>/dev/null || : >"$prev_config"
	git -C "$AM_TREE" checkout -q --detach "$commit"
	# Without a Kconfig change since the step before, its configuration
	# stands (and kbuild has nothing to regenerate).
	if ((prev < 0)) || git -C "$AM_TREE" diff --name-only "${COMMITS[$prev]}" "$commit" |
		grep -qE '(^|/)Kconfig'; then
		cp "$CONFIG" "$BUILD/.config"
		kmake olddefconfig >/dev/null
	fi
	log=$OPP_CACHE/patches-build-$((i + 1)).log
	# Else drivers/opp/ builds nothing, and its archive of the step
	# before stands in for it.
	if ! grep -q '^CONFIG_PM_OPP=y$' "$BUILD/.config"; then
		echo "the configuration has no CONFIG_PM_OPP: the core would not be built"
		return 1
	fi
	if ((prev < 0)); then
		what=full
	else
		mapfile -t dirs < <(step_dirs "${COMMITS[$prev]}" "$commit" "$prev_config")
		what="drivers/opp/ and ${#dirs[@]} more directories"
		[[ ${dirs[0]:-} != full ]] || what=full
	fi
	if [[ $what == full ]]; then
		kmake >"$log" 2>&1 || { tail -n 40 "$log"; return 1; }
		record_symbols
	else
		kmake drivers/opp/ "${dirs[@]}" >"$log" 2>&1 || { tail -n 40 "$log"; return 1; }
		missing=$(check_symbols "${dirs[@]}")
		if [[ -n $missing ]]; then
			echo "undefined when linked with the rest of vmlinux: $(tr '\n' ' ' <<<"$missing")"
			return 1
		fi
	fi
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
	clean_tree
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
	echo "patches-test: ${#COMMITS[@]}/${#COMMITS[@]} patches applied with git am, the tree built after each"
}

main "$@"
