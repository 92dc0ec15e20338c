#!/usr/bin/env bash
# make compat: every in-tree user of the OPP API, unchanged, compiled against
# our grafted header, and every dev_pm_opp_* / devm_pm_opp_* symbol they
# reference checked against the exports of our core.
#
#   1. The users are found with grep over the tree (outside drivers/opp and
#      include/linux/pm_opp.h), so the list follows the tree.
#   2. arm64 allmodconfig (COMPILE_TEST) plus scripts/compat.config, in
#      $OPP_CACHE/build-compat-arm64. For each user, the Kconfig symbols that
#      build it are read from the Makefiles and must be y or m.
#   3. Users that arm64 cannot enable (32-bit ARM platform code) go to a second
#      arch, arm allmodconfig, in $OPP_CACHE/build-compat-arm.
#   4. Objects are built one make per arch (make -k, all targets at once),
#      together with drivers/opp/. A header user is compiled through a
#      generated file that includes it.
#   5. nm -u of every object against the symbols that drivers/opp/built-in.a
#      defines and exports (__export_symbol_*), with the license of each export
#      no stricter than upstream's.
# The seed's example (compat/seed_example.c, ours) goes through 4 and 5 too,
# as does the example of the API beyond 6.12 (compat/beyond_example.c),
# and so does our TI OPP supply driver (ti-opp-supply.c, in drivers/opp like
# upstream's, built by CONFIG_ARM_TI_CPUFREQ): it is compiled with drivers/opp/,
# and the API symbols it leaves undefined are checked like a user's.
# Prints "compat: N/T objects compiled, M/S symbols provided", lists every
# failure and exits non-zero on any.
#
# OPP_JOBS  make jobs (default: nproc)
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

COMPAT_FRAGMENT=$OPP_SCRIPTS/compat.config
COMPAT_LOG=$OPP_CACHE/compat
SEED_OBJ=drivers/opp/compat/seed_example.o
BEYOND_OBJ=drivers/opp/compat/beyond_example.o
TI_OBJ=drivers/opp/ti-opp-supply.o
TI_SYMS=(CONFIG_ARM_TI_CPUFREQ CONFIG_PM_OPP)
GEN_DIR=drivers/opp/compat/gen
API_RE='\<(dev|devm)_pm_opp_[a-z0-9_]+'

declare -A CROSS=([arm64]=aarch64-linux-gnu- [arm]=arm-linux-gnueabihf-)
declare -A OBJ_ARCH=()		# object -> arch that builds it
declare -A OBJ_SRC=()		# object -> user file (source or header)
declare -A OBJ_WHY=()		# object -> why it is not built anywhere
declare -A OBJ_CONFIG=()	# object -> the Kconfig symbols that build it
FAILURES=()
TI=""

failure() { FAILURES+=("$*"); }

builddir() { echo "$OPP_CACHE/build-compat-$1"; }

kmake() {
	local arch=$1
	shift
	kbuild_cc "${CROSS[$arch]}"
	(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make O="$(builddir "$arch")" ARCH="$arch" \
		CROSS_COMPILE="${CROSS[$arch]}" "${KBUILD_CC[@]}" "$@")
}

# The users: files outside the OPP core that name a function of its API.
find_users() {
	(cd "$OPP_TREE" && grep -rlE --include='*.[ch]' "$API_RE" .) |
		sed 's|^\./||' |
		grep -vE '^(drivers/opp/|include/linux/pm_opp\.h$)' | sort
}

# Assignments of a kbuild Makefile whose right-hand side has the word $2:
# prints each left-hand side, continuation lines joined.
mk_lhs_of() {
	awk -v t="$2" '
		{ if (sub(/\\[ \t]*$/, "")) { buf = buf $0 " "; next } }
		{ line = buf $0; buf = "" }
		match(line, /[+:?]?=/) {
			lhs = substr(line, 1, RSTART - 1)
			gsub(/[ \t]/, "", lhs)
			n = split(substr(line, RSTART + RLENGTH), w, /[ \t]+/)
			for (i = 1; i <= n; i++)
				if (w[i] == t) { print lhs; exit }
		}' "$1"
}

# Prints the CONFIG_ symbols that put word $2 into the build of directory $1
# (an object, a "dir/" or a "$(list-y)" reference), the directory's own
# included; "?" when the Makefiles do not say.
kconfig_of() {
	local dir=$1 word=$2 mk lhs='' name
	for mk in "$OPP_TREE/$dir/Makefile" "$OPP_TREE/$dir/Kbuild"; do
		[[ -f $mk ]] || continue
		lhs=$(mk_lhs_of "$mk" "$word")
		[[ -n $lhs ]] && break
	done
	if [[ -z $lhs ]]; then
		# Not listed here: maybe in the parent, as "sub/file.o".
		if [[ $dir == */* && $word != */ && $word != "\$("* ]]; then
			kconfig_of "${dir%/*}" "${dir##*/}/$word"
		else
			echo "?"
		fi
		return
	fi
	if [[ $lhs =~ ^(.+)-(y|m|objs)$ ]]; then
		name=${BASH_REMATCH[1]}
	elif [[ $lhs =~ ^([^$]+)-(\$\(.*\))$ ]]; then
		name=${BASH_REMATCH[1]}
		grep -oE 'CONFIG_[A-Za-z0-9_]+' <<<"${BASH_REMATCH[2]}"
	else
		echo "?"
		return
	fi
	if [[ $name == obj ]]; then
		kconfig_of_dir "$dir"
	elif [[ -n $(mk_lhs_of "$mk" "$name.o") ]]; then
		kconfig_of "$dir" "$name.o"
	else
		kconfig_of "$dir" "\$($name-y)"
	fi
}

# The symbols that make kbuild descend into $1 from its parent. Top-level
# directories and arch/<arch>/<dir> are always built.
kconfig_of_dir() {
	local dir=$1 parts
	IFS=/ read -ra parts <<<"$dir"
	((${#parts[@]} > 1)) || return 0
	[[ ${parts[0]} == arch ]] && ((${#parts[@]} <= 3)) && return 0
	kconfig_of "${dir%/*}" "${dir##*/}/"
}

# Whether every symbol in $2.. is y or m in the .config of arch $1; prints
# the ones that are not.
config_missing() {
	local config
	config="$(builddir "$1")/.config"
	shift
	local sym
	for sym in "$@"; do
		[[ $sym == "?" ]] && continue
		grep -qE "^$sym=[ym]$" "$config" || printf '%s ' "$sym"
	done
}

configure() {
	local arch=$1 dir stamp
	dir=$(builddir "$arch")
	stamp=$(cat "$COMPAT_FRAGMENT" "$OPP_TREE/drivers/opp/Kconfig" | sha1sum)
	if [[ -f $dir/.config && -f $dir/.compat-stamp &&
	      $(cat "$dir/.compat-stamp") == "$stamp" ]]; then
		return 0
	fi
	mkdir -p "$dir"
	say "configuring $dir: allmodconfig + $(basename "$COMPAT_FRAGMENT")"
	KCONFIG_ALLCONFIG=$COMPAT_FRAGMENT kmake "$arch" -s allmodconfig >/dev/null
	echo "$stamp" >"$dir/.compat-stamp"
}

# Each header user is compiled through a generated file that includes it.
# It lives in the grafted tree only, under drivers/opp, so the next graft
# deletes it.
header_object() {
	local header=$1 base
	base=$(echo "${header#include/}" | tr '/.-' '___')
	mkdir -p "$OPP_TREE/$GEN_DIR"
	printf '// SPDX-License-Identifier: GPL-2.0-only\n#include <%s>\n#include <linux/pm_opp.h>\n' \
		"${header#include/}" >"$OPP_TREE/$GEN_DIR/$base.c"
	echo "$GEN_DIR/$base.o"
}

# Decides, for every user, its object and the arch that can enable it.
assign_arches() {
	local src obj arch syms missing
	for src in "${USERS[@]}"; do
		if [[ $src == *.h ]]; then
			obj=$(header_object "$src")
			OBJ_SRC[$obj]=$src
			OBJ_ARCH[$obj]=arm64
			continue
		fi
		obj=${src%.c}.o
		OBJ_SRC[$obj]=$src
		mapfile -t syms < <(kconfig_of "$(dirname "$src")" "$(basename "$obj")" | sort -u)
		OBJ_CONFIG[$obj]="${syms[*]}"
		for arch in arm64 arm; do
			if [[ $src == arch/* && $src != arch/$arch/* ]]; then
				OBJ_WHY[$obj]+="$arch: another arch's platform code; "
				continue
			fi
			missing=$(config_missing "$arch" "${syms[@]}")
			if [[ -z $missing ]]; then
				OBJ_ARCH[$obj]=$arch
				break
			fi
			OBJ_WHY[$obj]+="$arch: ${missing% } not set; "
		done
	done
}

# Which arch builds each object, and under which symbols: the report's
# table, and on the terminal the users that need another arch than arm64.
report_arches() {
	local obj
	for obj in $(printf '%s\n' "${!OBJ_SRC[@]}" | sort); do
		printf '%-6s %-52s %s\n' "${OBJ_ARCH[$obj]:-none}" "${OBJ_SRC[$obj]}" \
			"${OBJ_CONFIG[$obj]:-(generated)}"
	done >"$COMPAT_LOG-objects.txt"
	for obj in $(printf '%s\n' "${!OBJ_WHY[@]}" | sort); do
		say "${OBJ_SRC[$obj]}: ${OBJ_WHY[$obj]% }${OBJ_ARCH[$obj]:+ built for ${OBJ_ARCH[$obj]}}"
	done
	for obj in $(printf '%s\n' "${!OBJ_CONFIG[@]}" | sort); do
		[[ ${OBJ_CONFIG[$obj]} == *"?"* ]] &&
			say "${OBJ_SRC[$obj]}: a Makefile rule not understood; built all the same"
	done
	say "which arch builds what, under which symbols: $COMPAT_LOG-objects.txt"
}

objects_of() {
	local obj
	for obj in "${!OBJ_ARCH[@]}"; do
		[[ ${OBJ_ARCH[$obj]} == "$1" ]] && echo "$obj"
	done | sort
}

# One make for all objects of an arch; -k so that one failure hides nothing.
# Objects under arch/ come after, in a make of their own without -j: kbuild
# reaches arch/<arch>/<dir> by two paths, and two jobs would compile the same
# object at once.
build_arch() {
	local arch=$1 start=$SECONDS obj
	local -a plain=() platform=()
	shift
	for obj in "$@"; do
		if [[ $obj == arch/* ]]; then platform+=("$obj"); else plain+=("$obj"); fi
	done
	say "building $# objects and drivers/opp/ for $arch (log: $COMPAT_LOG-$arch.log)"
	kmake "$arch" -k -j"$OPP_JOBS" drivers/opp/ "${plain[@]}" \
		>"$COMPAT_LOG-$arch.log" 2>&1 || true
	if ((${#platform[@]})); then
		kmake "$arch" -k "${platform[@]}" >>"$COMPAT_LOG-$arch.log" 2>&1 || true
	fi
	say "$arch: built in $((SECONDS - start)) s"
}

# An object compiled if it exists and make reported no error for it.
compiled() {
	local arch=$1 obj=$2
	[[ -f $(builddir "$arch")/$obj ]] &&
		! grep -qF ": $obj] Error" "$COMPAT_LOG-$arch.log"
}

# The errors of one object, from a make of that object alone.
show_errors() {
	local arch=$1 obj=$2
	{ kmake "$arch" "$obj" 2>&1 | grep -vE '^(make(\[[0-9]+\])?: |  [A-Z])' | head -n 25 |
		sed 's/^/    /'; } || true
}

# Whether drivers/opp/ built for arch $1 without an error.
core_built() {
	[[ -f $(builddir "$1")/drivers/opp/built-in.a ]] &&
		! grep -qE ': drivers/opp/[^]]*\] Error' "$COMPAT_LOG-$1.log"
}

# The symbols that drivers/opp of the build for arch $1 exports: the
# entries that EXPORT_SYMBOL*() leaves in the objects, __export_symbol_<name>
# since 6.5, __ksymtab_<name> before (6.1).
list_exported() {
	(cd "$(builddir "$1")" && "${CROSS[$1]}nm" --defined-only drivers/opp/built-in.a) |
		awk '$3 ~ /^__(export_symbol|ksymtab)_/ {
			sub(/^__(export_symbol|ksymtab)_/, "", $3); print $3 }' |
		sort -u >"$COMPAT_LOG-exported-$1"
}

# "name GPL" or "name any" for each EXPORT_SYMBOL*() in the .c files of $1.
export_licenses() {
	grep -ho 'EXPORT_SYMBOL[A-Z_]*([a-z0-9_]*)' "$1"/*.c |
		sed 's/^EXPORT_SYMBOL\(_GPL\)\?(\(.*\))$/\2 \1/; s/ _GPL$/ GPL/; s/ $/ any/' |
		sort -u
}

undefined_api() {
	local arch=$1 obj=$2
	(cd "$(builddir "$arch")" && "${CROSS[$arch]}nm" -u "$obj") |
		awk '{ print $NF }' | grep -E '^(dev|devm)_pm_opp_' || true
}

# Checks every API symbol that the objects $2.. leave undefined against the
# exports of the core built for the same arch; sets SYM_OK and SYM_TOTAL.
check_symbols() {
	local label=$1 obj sym arch ours up
	shift
	local -A used=() archs=()
	for obj in "$@"; do
		for sym in $(undefined_api "${OBJ_ARCH[$obj]}" "$obj"); do
			used[$sym]+=" ${OBJ_SRC[$obj]}"
			archs[$sym]+=" ${OBJ_ARCH[$obj]}"
		done
	done
	SYM_OK=0
	SYM_TOTAL=${#used[@]}
	for sym in $(printf '%s\n' "${!used[@]}" | sort); do
		ours=$(awk -v s="$sym" '$1 == s { print $2 }' "$COMPAT_LOG-ours")
		up=$(awk -v s="$sym" '$1 == s { print $2 }' "$COMPAT_LOG-upstream")
		for arch in ${archs[$sym]}; do
			grep -qx "$sym" "$COMPAT_LOG-exported-$arch" && continue
			failure "$label: $sym is not exported by drivers/opp ($arch; used by${used[$sym]})"
			continue 2
		done
		if [[ $ours == GPL && $up == any ]]; then
			failure "$label: $sym is EXPORT_SYMBOL_GPL; upstream's is EXPORT_SYMBOL"
			continue
		fi
		SYM_OK=$((SYM_OK + 1))
	done
}

# Our TI OPP supply driver, built by make drivers/opp/ for the first arch
# whose allmodconfig sets ARM_TI_CPUFREQ (through COMPILE_TEST on arm64 in
# 6.12; 6.1 offers it with ARCH_OMAP2PLUS only, on arm). Sets TI to
# "compiled" and makes the object one that check_symbols can read, or
# records the failure.
check_ti_driver() {
	local arch
	for arch in arm64 arm; do
		[[ -z $(config_missing "$arch" "${TI_SYMS[@]}") ]] || continue
		if compiled "$arch" "$TI_OBJ"; then
			TI="compiled"
			OBJ_ARCH[$TI_OBJ]=$arch
			OBJ_SRC[$TI_OBJ]=ti-opp-supply.c
		else
			TI="FAILED"
			failure "ti-opp-supply.c: does not compile ($arch, $TI_OBJ):"
			FAILURES[-1]+=$'\n'$(show_errors "$arch" "$TI_OBJ")
		fi
		return 0
	done
	TI="FAILED"
	failure "ti-opp-supply.c: not built (ARM_TI_CPUFREQ set neither for arm64 nor for arm)"
}

main() {
	local start=$SECONDS obj arch ok=0 total seed beyond
	local -a objs
	bash "$OPP_SCRIPTS/deps.sh" gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf \
		binutils-aarch64-linux-gnu binutils-arm-linux-gnueabihf
	lock_cache
	start=$SECONDS
	bash "$OPP_SCRIPTS/tree.sh"
	mapfile -t USERS < <(find_users)
	total=${#USERS[@]}
	say "compat: $total files outside drivers/opp use the OPP API"
	configure arm64
	configure arm
	assign_arches
	OBJ_ARCH[$SEED_OBJ]=arm64
	OBJ_SRC[$SEED_OBJ]=compat/seed_example.c
	OBJ_ARCH[$BEYOND_OBJ]=arm64
	OBJ_SRC[$BEYOND_OBJ]=compat/beyond_example.c
	report_arches
	for arch in arm64 arm; do
		mapfile -t objs < <(objects_of "$arch")
		build_arch "$arch" "${objs[@]}"
	done

	for obj in $(printf '%s\n' "${!OBJ_SRC[@]}" | sort); do
		arch=${OBJ_ARCH[$obj]:-}
		if [[ -z $arch ]]; then
			failure "${OBJ_SRC[$obj]}: cannot be enabled (${OBJ_WHY[$obj]% })"
		elif compiled "$arch" "$obj"; then
			[[ $obj == "$SEED_OBJ" || $obj == "$BEYOND_OBJ" ]] ||
				ok=$((ok + 1))
		else
			failure "${OBJ_SRC[$obj]}: does not compile ($arch, $obj):"
			FAILURES[-1]+=$'\n'$(show_errors "$arch" "$obj")
			unset 'OBJ_ARCH[$obj]'
		fi
	done
	for arch in arm64 arm; do
		core_built "$arch" || failure "drivers/opp does not build for $arch"
		list_exported "$arch"
	done

	check_ti_driver

	export_licenses "$OPP_TREE/drivers/opp" >"$COMPAT_LOG-ours"
	export_licenses "$OPP_UPSTREAM/drivers/opp" >"$COMPAT_LOG-upstream"
	if [[ $TI == compiled ]]; then
		check_symbols ti-opp-supply "$TI_OBJ"
		TI+=", $SYM_OK/$SYM_TOTAL symbols provided"
	fi
	if [[ -n ${OBJ_ARCH[$SEED_OBJ]:-} ]]; then
		seed="compiled"
		check_symbols seed "$SEED_OBJ"
	else
		seed="FAILED"
		SYM_OK=0 SYM_TOTAL=0
	fi
	seed+=", $SYM_OK/$SYM_TOTAL symbols provided"
	if [[ -n ${OBJ_ARCH[$BEYOND_OBJ]:-} ]]; then
		beyond="compiled"
		check_symbols beyond "$BEYOND_OBJ"
	else
		beyond="FAILED"
		SYM_OK=0 SYM_TOTAL=0
	fi
	beyond+=", $SYM_OK/$SYM_TOTAL symbols provided"
	mapfile -t objs < <(printf '%s\n' "${!OBJ_ARCH[@]}" |
		grep -vxF -e "$SEED_OBJ" -e "$BEYOND_OBJ" -e "$TI_OBJ" | sort)
	check_symbols users "${objs[@]}"

	say "compat: took $((SECONDS - start)) s, not counting the wait for the lock"
	((${#FAILURES[@]} == 0)) || printf 'FAIL compat: %s\n' "${FAILURES[@]}"
	echo "compat: seed example $seed"
	echo "compat: beyond-6.12 example $beyond"
	echo "compat: ti-opp-supply $TI"
	echo "compat: $ok/$total objects compiled, $SYM_OK/$SYM_TOTAL symbols provided"
	((${#FAILURES[@]} == 0))
}

main "$@"
