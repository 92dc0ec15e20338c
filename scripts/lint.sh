#!/usr/bin/env bash
# make lint: the quality gates of the OPP core.
#   1. scripts/checkpatch.pl --strict on every C source and header;
#   2. scripts/kernel-doc -Wall on them, and every export documented with
#      Context: and (unless it returns void) Return:;
#   3. a sparse (C=2) and W=1 build of drivers/opp in the KUnit build dir;
#   4. Documentation/opp.rst rendered by Sphinx with warnings as errors;
#   5. scripts/layers.py: calls between the core's files only go down the
#      order opp.h gives, and README.md's Map says which files each calls;
#   6. commit subjects of at most 75 characters, as in the kernel, for every
#      commit after SUBJECTS_SINCE (the last commit with a longer one);
#   7. the weight of the core: its code lines (no comments, no blank lines)
#      at most WEIGHT_MAX times those of upstream's drivers/opp, both without
#      the TI supply driver.
# Exits non-zero when any gate fails; each failure is printed.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# checkpatch exceptions, the only ones, and why:
# - CAMELCASE everywhere: the names are the kernel's own (min_uV, uV_step,
#   kBps in the regulator and interconnect APIs) and cannot be renamed here.
# - trace.h: TRACE_EVENT() is laid out the way every kernel trace header is,
#   which checkpatch's statement checks do not understand.
# - bridge.h, include/linux/pm_opp.h, fakes/kunit_bridge.h and
#   demo/sim-thermal.c: the one place each, for the core, its callers, the
#   tests and the demo's thermal sensor, that tells the kernels we build on
#   (6.12, 6.1) apart; checkpatch expects code for one kernel version only
#   (and opp_assign_str() keeps the argument that only 6.1 uses).
# - kunit/seed_kunit.c and compat/seed_example.c: they hold the original
#   article's example verbatim, including its non-static names array.
CHECKPATCH_IGNORE=CAMELCASE
declare -A CHECKPATCH_FILE_IGNORE=(
	[trace.h]=OPEN_ENDED_LINE,PARENTHESIS_ALIGNMENT
	[bridge.h]=LINUX_VERSION_CODE,CONSTANT_COMPARISON,MACRO_ARG_UNUSED
	[include/linux/pm_opp.h]=LINUX_VERSION_CODE,CONSTANT_COMPARISON
	[fakes/kunit_bridge.h]=LINUX_VERSION_CODE,CONSTANT_COMPARISON
	[demo/sim-thermal.c]=LINUX_VERSION_CODE,CONSTANT_COMPARISON
	[kunit/seed_kunit.c]=STATIC_CONST_CHAR_ARRAY
	[compat/seed_example.c]=STATIC_CONST_CHAR_ARRAY
)

FAILED=0
fail() { echo "FAIL lint: $*"; FAILED=1; }

sources() {
	(cd "$OPP_REPO" && git ls-files -co --exclude-standard -- '*.c' '*.h')
}

# Files with the same exceptions go to checkpatch together, in one batch
# per CPU.
run_checkpatch() {
	local f ignore out
	declare -A groups=()
	while read -r f; do
		ignore=$CHECKPATCH_IGNORE${CHECKPATCH_FILE_IGNORE[$f]:+,${CHECKPATCH_FILE_IGNORE[$f]}}
		groups[$ignore]+="$f"$'\n'
	done < <(sources)
	for ignore in "${!groups[@]}"; do
		out=$(cd "$OPP_REPO" && printf '%s' "${groups[$ignore]}" |
			xargs -d '\n' -P "$(nproc)" -n 16 perl "$OPP_TREE/scripts/checkpatch.pl" \
				--strict --no-tree --terse --show-types --ignore "$ignore" -f |
			grep -E 'ERROR|WARNING|CHECK' || true)
		[[ -z $out ]] || fail "checkpatch: $out"
	done
}

run_kernel_doc() {
	local out
	mapfile -t files < <(sources)
	out=$(cd "$OPP_REPO" && perl "$OPP_TREE/scripts/kernel-doc" -Wall -none "${files[@]}" 2>&1 || true)
	[[ -z $out ]] || fail "kernel-doc: $out"
}

# Every EXPORT_SYMBOL*() has kernel-doc saying Context: and (unless it
# returns void) Return:. One kernel-doc run renders every comment; each
# function's section says what it has: "name void|value context return".
kernel_doc_sections() {
	perl "$OPP_TREE/scripts/kernel-doc" -rst "$@" 2>/dev/null | awk '
		function flush() { if (name != "") print name, kind, ctx, ret }
		/^\.\. c:/ {
			flush(); name = ""
			if ($1 != ".." || $2 != "c:function::")
				next
			head = substr($0, length(".. c:function:: ") + 1)
			sub(/ \(.*/, "", head)
			n = split(head, w, " ")
			name = w[n]; sub(/^\*+/, "", name)
			kind = (head == "void " name) ? "void" : "value"
			ctx = "-"; ret = "-"
		}
		/^  \*\*Context\*\*$/ { ctx = "context" }
		/^  \*\*Return\*\*$/ { ret = "return" }
		END { flush() }'
}

check_exports() {
	local f sym kind ctx ret
	declare -A doc=()
	mapfile -t files < <(sources | grep '\.c$')
	while read -r sym kind ctx ret; do
		doc[$sym]="$kind $ctx $ret"
	done < <(cd "$OPP_REPO" && kernel_doc_sections "${files[@]}")
	for f in "${files[@]}"; do
		while read -r sym; do
			read -r kind ctx ret <<<"${doc[$sym]:-none - -}"
			[[ $ctx == context ]] || fail "$f: $sym() has no Context: in its kernel-doc"
			[[ $kind == void || $ret == return ]] || fail "$f: $sym() has no Return: in its kernel-doc"
		done < <(sed -n 's/^EXPORT_SYMBOL[A-Z_]*(\([a-z_0-9]*\));$/\1/p' "$OPP_REPO/$f" |
			 grep -v '^opp_set_rate$')
	done
}

# sparse and W=1 on our objects only, forcing every file to be checked.
run_builds() {
	local out
	kunit_cc
	kbuild_cc
	if [[ ! -f $OPP_BUILD/.config ]]; then
		say "configuring $OPP_BUILD (no make check run yet)"
		(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
			python3 tools/testing/kunit/kunit.py config --arch=x86_64 \
			--build_dir="$OPP_BUILD" --kunitconfig=drivers/opp \
			--kunitconfig="$OPP_BASE_CONFIG" \
			--kunitconfig="$OPP_SCRIPTS/debug.config" "${KUNIT_CC[@]}") >/dev/null
	fi
	out=$(cd "$OPP_TREE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s O="$OPP_BUILD" ARCH=x86_64 "${KBUILD_CC[@]}" C=2 W=1 -j"$OPP_JOBS" drivers/opp/ 2>&1 |
		grep -E 'drivers/opp/.*(warning|error)' || true)
	[[ -z $out ]] || fail "sparse/W=1: $out"
}

# Sphinx cannot load the kernel's kernel-doc extension outside the kernel's
# own doc build, so the kernel-doc directives are expanded first.
expand_kernel_doc() {
	local line path opt
	while IFS= read -r line; do
		if [[ $line == ".. kernel-doc:: "* ]]; then
			path=${line#.. kernel-doc:: }
			IFS= read -r opt || opt=
			case $opt in
			*":doc: "*) perl "$OPP_TREE/scripts/kernel-doc" -rst -function "${opt#*:doc: }" "$OPP_TREE/$path" ;;
			*":export:"*) perl "$OPP_TREE/scripts/kernel-doc" -rst -export "$OPP_TREE/$path" ;;
			*) perl "$OPP_TREE/scripts/kernel-doc" -rst "$OPP_TREE/$path"; printf '%s\n' "$opt" ;;
			esac
		else
			printf '%s\n' "$line"
		fi
	done
}

run_sphinx() {
	local dir=$OPP_CACHE/doc out
	rm -rf "$dir" && mkdir -p "$dir/src"
	printf 'project = "OPP core"\nmaster_doc = "opp"\nprimary_domain = "c"\n' >"$dir/src/conf.py"
	expand_kernel_doc <"$OPP_REPO/Documentation/opp.rst" >"$dir/src/opp.rst"
	out=$(sphinx-build -q -W --keep-going -b html "$dir/src" "$dir/html" 2>&1) ||
		fail "sphinx: $out"
	[[ $FAILED == 1 ]] || say "documentation rendered: $dir/html/opp.html"
}

SUBJECTS_SINCE=d2fa0b5866353ae42157e21f8d3bf4e87b086083
SUBJECT_MAX=75

# In a shallow clone without SUBJECTS_SINCE, the commits it has.
check_subjects() {
	local range=HEAD line
	if git -C "$OPP_REPO" cat-file -e "$SUBJECTS_SINCE^{commit}" 2>/dev/null; then
		range=$SUBJECTS_SINCE..HEAD
	fi
	while read -r line; do
		fail "commit subject over $SUBJECT_MAX characters: $line"
	done < <(git -C "$OPP_REPO" log --format='%h %s' "$range" |
		 awk -v max="$SUBJECT_MAX" 'length(substr($0, index($0, " ") + 1)) > max')
}

# Code lines of the .c and .h files in DIR but the TI supply driver's: gcc
# strips the comments, grep the blank lines.
code_lines() {
	local f n=0
	for f in "$1"/*.[ch]; do
		[[ ${f##*/} == ti-opp-supply.* ]] && continue
		# Both sides of an #if are counted: a macro defined on each is
		# "redefined" to gcc here, which is no compile.
		n=$((n + $(gcc -fpreprocessed -dD -E -P "$f" 2>/dev/null | grep -cv '^[[:space:]]*$')))
	done
	echo "$n"
}

WEIGHT_MAX=1.6

check_weight() {
	local ours theirs
	ours=$(code_lines "$OPP_REPO")
	theirs=$(code_lines "$OPP_UPSTREAM/drivers/opp")
	say "core weight: $ours code lines, upstream $theirs"
	awk -v o="$ours" -v t="$theirs" -v m="$WEIGHT_MAX" 'BEGIN { exit !(o <= t * m) }' ||
		fail "core weight: $ours code lines, over $WEIGHT_MAX x upstream's $theirs"
}

run_layers() {
	local out
	out=$(python3 "$OPP_SCRIPTS/layers.py" "$OPP_REPO" 2>&1) || fail "$out"
}

main() {
	bash "$OPP_SCRIPTS/deps.sh" python3-sphinx
	lock_cache
	bash "$OPP_SCRIPTS/tree.sh"
	run_checkpatch
	run_kernel_doc
	run_layers
	check_subjects
	check_weight
	check_exports
	run_builds
	run_sphinx
	if ((FAILED)); then
		echo "lint: FAILED"
		exit 1
	fi
	echo "lint: OK"
}

main "$@"
