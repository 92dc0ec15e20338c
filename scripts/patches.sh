#!/usr/bin/env bash
# make patches: this core as a "git format-patch" series with a cover letter,
# against the $KERNEL tree we build on (6.12 or 6.1), for a kernel integrator to "git am".
#
#   1. the base: Debian's linux-source-$KERNEL tarball as it is (its drivers/opp
#      and pm_opp.h are upstream's), made a git repository once in
#      $OPP_CACHE/patches-linux, one commit with a fixed author and date, so
#      the same tarball always gives the same base commit;
#   2. the series: on a branch from the base, one commit per patch (list
#      below), by the configured git identity with its Signed-off-by, dated
#      at this repository's HEAD so that the same commit gives the same
#      patches; after the last one, drivers/opp, pm_opp.h and opp.rst must be
#      exactly what "make graft" puts in a tree (scripts/series.sh);
#   3. git format-patch --cover-letter --base into OUT, the cover letter
#      filled in;
#   4. scripts/checkpatch.pl --strict on every patch: clean, except the
#      exceptions make lint has for the same files (listed below).
# That the series applies to a clean tree of the base and builds after every
# patch is checked by scripts/patches-test.sh (make patches-test).
#
# OUT  where the patches go (default $OPP_CACHE/patches); *.patch files
#      already there are replaced.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source-path=SCRIPTDIR source=series.sh
source "$OPP_SCRIPTS/series.sh"

BASE_REPO=$OPP_CACHE/patches-linux
BASE_STAMP=$OPP_CACHE/patches-linux.stamp
OUT=$(realpath -m "${OUT:-$OPP_CACHE/patches}")
STAGE=$OPP_CACHE/patches-stage
BASE_TAG=opp-base
BRANCH=opp-series

# make lint's checkpatch exceptions (scripts/lint.sh says why), by file, and
# two for the whole series:
# - CAMELCASE: the kernel's own names (min_uV, kBps);
# - FILE_PATH_CHANGES ("does MAINTAINERS need updating?"): the new files are
#   all under drivers/opp/, which the OPP entry of MAINTAINERS already lists
#   (checked below), so it needs no update.
CHECKPATCH_IGNORE=CAMELCASE,FILE_PATH_CHANGES
CHECKPATCH_EXCUSED=(
	"drivers/opp/trace.h OPEN_ENDED_LINE"
	"drivers/opp/trace.h PARENTHESIS_ALIGNMENT"
	"drivers/opp/kunit/seed_kunit.c STATIC_CONST_CHAR_ARRAY"
	"drivers/opp/bridge.h LINUX_VERSION_CODE"
	"drivers/opp/bridge.h CONSTANT_COMPARISON"
	"drivers/opp/bridge.h MACRO_ARG_UNUSED"
	"include/linux/pm_opp.h LINUX_VERSION_CODE"
	"include/linux/pm_opp.h CONSTANT_COMPARISON"
	"drivers/opp/fakes/kunit_bridge.h LINUX_VERSION_CODE"
	"drivers/opp/fakes/kunit_bridge.h CONSTANT_COMPARISON"
)

git_base() { git -C "$BASE_REPO" "$@"; }

tarball_id() { stat -c '%s %Y' "$OPP_TARBALL"; }

# 1. The base repository, once per tarball.
make_base() {
	if [[ -f $BASE_STAMP && $(cat "$BASE_STAMP") == "$(tarball_id)" ]] &&
		git_base rev-parse -q --verify "$BASE_TAG" >/dev/null; then
		return 0
	fi
	[[ -f $OPP_TARBALL ]] || die "$OPP_TARBALL missing (apt-get install $OPP_SOURCE)"
	local start=$SECONDS tmp=$OPP_CACHE/.patches-extract date
	say "making $BASE_REPO a git repository of $OPP_TARBALL (once)"
	rm -rf "$BASE_REPO" "$BASE_STAMP" "$tmp"
	mkdir -p "$tmp"
	tar -xf "$OPP_TARBALL" -C "$tmp"
	mv "$tmp/$OPP_SOURCE" "$BASE_REPO"
	rmdir "$tmp"
	date="@$(stat -c %Y "$OPP_TARBALL") +0000"
	git_base init -q -b base
	# -f: the tarball's files, all of them, whatever .gitignore says.
	git_base -c core.looseCompression=1 add -A -f .
	GIT_AUTHOR_NAME="Debian kernel team" GIT_AUTHOR_EMAIL=debian-kernel@lists.debian.org \
	GIT_COMMITTER_NAME="Debian kernel team" GIT_COMMITTER_EMAIL=debian-kernel@lists.debian.org \
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		git_base -c commit.gpgsign=false commit -q \
		-m "Linux $(kernel_version "$BASE_REPO") (Debian $OPP_SOURCE $(debian_version))" \
		-m "$(basename "$OPP_TARBALL") as Debian ships it, its drivers/opp and include/linux/pm_opp.h upstream's."
	git_base tag -f "$BASE_TAG" >/dev/null
	tarball_id >"$BASE_STAMP"
	say "base commit $(git_base rev-parse --short "$BASE_TAG") in $((SECONDS - start)) s"
}

kernel_version() {
	awk -F' = ' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } $1 == "EXTRAVERSION" { e = $2 }
		/^$/ && v != "" { exit } END { print v "." p "." s e }' "$1/Makefile"
}

debian_version() {
	dpkg-query -W -f='${Version}' "$OPP_SOURCE" 2>/dev/null || echo unknown
}

# The identity of the patches: this repository's git user, else the author
# of its HEAD (a CI clone may have no user configured).
identity() {
	AUTHOR_NAME=$(git -C "$OPP_REPO" config user.name || true)
	AUTHOR_EMAIL=$(git -C "$OPP_REPO" config user.email || true)
	if [[ -z $AUTHOR_NAME || -z $AUTHOR_EMAIL ]]; then
		AUTHOR_NAME=$(git -C "$OPP_REPO" log -1 --format=%an)
		AUTHOR_EMAIL=$(git -C "$OPP_REPO" log -1 --format=%ae)
		warn "no git user configured: the patches are by HEAD's author, $AUTHOR_NAME <$AUTHOR_EMAIL>"
	fi
	SERIES_DATE=$(git -C "$OPP_REPO" log -1 --format=%cI)
	SERIES_REV=$(git -C "$OPP_REPO" describe --always --dirty --abbrev=12)
}

# commit_patch N MESSAGE_FUNCTION: commits what is staged in the base tree.
commit_patch() {
	local n=$1 msg=$2 date
	date=$(date -d "$SERIES_DATE + $n seconds" --iso-8601=seconds)
	git_base add -A -f -- "${SERIES_PATHS[@]}" drivers/opp
	GIT_AUTHOR_NAME=$AUTHOR_NAME GIT_AUTHOR_EMAIL=$AUTHOR_EMAIL \
	GIT_COMMITTER_NAME=$AUTHOR_NAME GIT_COMMITTER_EMAIL=$AUTHOR_EMAIL \
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		git_base -c commit.gpgsign=false commit -q -s -F - < <("$msg")
}

# put PATH...: staged PATHs (files, or directories made identical) into the tree.
put() {
	local p
	for p in "$@"; do
		if [[ -d $STAGE/$p ]]; then
			mkdir -p "$BASE_REPO/$p"
			rsync --recursive --checksum --delete "$STAGE/$p/" "$BASE_REPO/$p/"
		else
			mkdir -p "$(dirname "$BASE_REPO/$p")"
			cp "$STAGE/$p" "$BASE_REPO/$p"
		fi
	done
}

# Kconfig without the KUnit option and the fakes it selects (patch 1 and 2;
# patch 3 adds them).
kconfig_without_kunit() {
	awk '/^config PM_OPP_KUNIT_TEST$/ { skip = 1; next }
	     skip && /^(config|menuconfig|source|if|endif|menu|endmenu)( |$)/ { skip = 0 }
	     /^source "drivers\/opp\/fakes\/Kconfig"$/ { next }
	     !skip' "$STAGE/drivers/opp/Kconfig" |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

msg_core() {
	cat <<-EOF
	PM / OPP: Reimplement the OPP core behind the $KERNEL API

	Replace the OPP core with a new implementation of the same interface:
	include/linux/pm_opp.h keeps every dev_pm_opp_*() and
	devm_pm_opp_*() function of $KERNEL, with the same return codes, and
	every in-tree user builds and runs on it unchanged.

	Inside, a table's OPPs live in an array sorted by rate (level or
	bandwidth for rateless tables) that is published with RCU and
	replaced whole when OPPs are added or removed. Lookups bisect it
	under rcu_read_lock() and take no lock, so they are O(log n), do
	not depend on the number of tables, and work in atomic context;
	dev_pm_opp_put() never sleeps. Tables are found by device through a
	hash.

	A transition (dev_pm_opp_set_rate(), dev_pm_opp_set_opp()) is a list
	of steps (supplies, level, required OPPs, bandwidth, clocks) taken
	in order when scaling up and in reverse when scaling down, under a
	per-table lock. When a step fails, the steps already taken are
	undone, so the hardware stays at the OPP the core reports as
	current; the error returned is the one $KERNEL returns.

	A device tree table is parsed completely before it is published:
	nothing of a table that fails to load remains, and nobody sees part
	of one. Nodes that $KERNEL skips or reads in a surprising way are
	still handled as $KERNEL does, with a warning that names the node.

	Also kept: the original regulator API (a name array and count,
	dev_pm_opp_register_set_opp_helper()) next to the token API,
	the energy model registration, the cpufreq table helpers and the
	debugfs layout, plus an opp_set_rate tracepoint, per-table
	statistics and a summary file in debugfs.

	The core is split into one file per concern (the OPP object,
	snapshots, the registry of tables, required OPPs, resources, table
	lifetime, lookups, writers, DVFS, configuration, the table-returning
	API, CPUs, device tree, energy model), and calls between them only
	go down that order. The data model, the locking rules and the file
	order are described at the top of drivers/opp/opp.h.
	EOF
}

msg_ti() {
	cat <<-'EOF'
	PM / OPP: ti-opp-supply: Rewrite on top of the new core

	The TI OPP supply driver programs the VDD and VBB rails of OMAP and
	AM/DRA7 CPUs through a config_regulators callback, with the
	AVS-class0 voltages read from the efuse registers. Rewrite it on
	the callback interface of the new core.

	When the regulator refuses a voltage, the driver restores the old
	OPP's voltages as before, but now returns the first error instead
	of the result of the restore, so the core leaves the clock alone
	and the CPU stays at the OPP its rails can sustain. A regulator
	count the rail cannot have is refused with -EINVAL.
	EOF
}

msg_kunit() {
	cat <<-'EOF'
	PM / OPP: Add KUnit test suites

	Add KUnit suites for the OPP core (CONFIG_PM_OPP_KUNIT_TEST): tables
	and lookups, reference counting, notifiers, CPUs sharing a table,
	the cpufreq table, the energy model, device tree tables (good and
	malformed, from built-in overlays), transitions and their rollback
	on fake clocks, regulators and interconnect paths, power domains
	and required OPPs, debugfs, the TI supply driver, concurrent readers
	and writers, and allocation failures injected with failslab.

	Run them with:

	  ./tools/testing/kunit/kunit.py run --arch=x86_64 \
	      --kunitconfig=drivers/opp

	or --arch=arm64 with --cross_compile=aarch64-linux-gnu-. UML has no
	SMP and no cpufreq, hence the QEMU architectures.
	EOF
}

msg_doc() {
	cat <<-'EOF'
	Documentation: power: opp: Describe the reimplemented core

	Rewrite Documentation/power/opp.rst for the new core: the data model
	and locking rules, the device tree binding as the core reads it,
	DVFS ordering and rollback, both regulator APIs, the differences
	from the previous implementation that a caller can observe, debugfs,
	the tracepoint, and the API reference extracted from the kernel-doc
	comments.
	EOF
}

make_series() {
	local n=0
	say "series: $BRANCH from $BASE_TAG in $BASE_REPO"
	git_base checkout -q -f -B "$BRANCH" "$BASE_TAG"
	git_base clean -q -f -d -x
	series_stage "$STAGE"

	# 1. the core: header, core files, Makefile and Kconfig without the
	#    KUnit option; upstream's ti-opp-supply.c stays (it uses only the
	#    public API, and builds on the new core).
	put include/linux/pm_opp.h
	local f
	for f in "$STAGE"/drivers/opp/*; do
		f=${f#"$STAGE/"}
		case ${f##*/} in
		ti-opp-supply.*|Kconfig|Makefile) ;;
		*) [[ -f $STAGE/$f ]] && put "$f" ;;
		esac
	done
	# Upstream's files the new core has no counterpart of (core.c) go.
	for f in "$BASE_REPO"/drivers/opp/*; do
		[[ -f $f && ! -e $STAGE/${f#"$BASE_REPO/"} ]] && rm -f "$f"
	done
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	grep -v '^obj-\$(CONFIG_PM_OPP_\(KUNIT_TEST\|FAKES\))' "$STAGE/drivers/opp/Makefile" \
		>"$BASE_REPO/drivers/opp/Makefile"
	kconfig_without_kunit >"$BASE_REPO/drivers/opp/Kconfig"
	commit_patch $((n += 1)) msg_core
	# 2. the TI supply driver.
	put drivers/opp/ti-opp-supply.c drivers/opp/ti-opp-supply.h
	commit_patch $((n += 1)) msg_ti
	# 3. KUnit: the suites and their fakes, .kunitconfig, the options and
	#    their obj- lines.
	put drivers/opp/kunit drivers/opp/fakes drivers/opp/.kunitconfig \
		drivers/opp/Kconfig drivers/opp/Makefile
	commit_patch $((n += 1)) msg_kunit
	# 4. the documentation.
	put Documentation/power/opp.rst
	commit_patch $((n += 1)) msg_doc

	# The series ends where make graft ends.
	local p
	for p in "${SERIES_PATHS[@]}"; do
		diff -r "$STAGE/$p" "$BASE_REPO/$p" >/dev/null ||
			die "after the series, $p differs from what make graft writes"
	done
	[[ -z $(git_base status --porcelain) ]] || die "files left out of the series: $(git_base status --porcelain)"
	SERIES_COUNT=$n
}

cover_letter() {
	local cover=$1 blurb
	blurb=$(cat <<-EOF
	This series replaces the OPP core (drivers/opp, include/linux/pm_opp.h)
	of Linux $(kernel_version "$BASE_REPO") with a clean-room implementation of the same
	API. Callers see $KERNEL's behaviour (return codes, the OPPs a device
	tree yields, what is voted and logged); inside it is different:

	- OPPs of a table sit in a sorted array published with RCU: lookups
	  bisect it without taking any lock, in O(log n) independent of the
	  number of tables, in atomic context too, and dev_pm_opp_put()
	  never sleeps;
	- a transition that fails part way is rolled back, so the hardware
	  stays at the OPP the core reports;
	- device tree tables are parsed whole before they are published, and
	  nodes that $KERNEL skips or reads oddly are loaded as $KERNEL loads them,
	  with a warning naming the node;
	- the original regulator API (names with a count, the set_opp helper)
	  is kept next to the token API;
	- an opp_set_rate tracepoint, per-table statistics and a summary in
	  debugfs.

	The differences a caller can observe are listed, with the in-tree
	callers concerned, in Documentation/power/opp.rst ("Differences from
	Linux 6.12", and "Kernels" for 6.1): rollback of a failed
	transition, several regulators moved without a callback,
	ti-opp-supply returning the first error of a refused voltage,
	-ENODEV where Linux would dereference a NULL pointer, and a few
	more.

	Testing:

	- the KUnit suites of patch 3, on x86_64 and arm64 in QEMU (TCG, two
	  vCPUs, full preemption), with lockdep, PROVE_RCU, UBSAN, debug
	  objects, DEBUG_ATOMIC_SLEEP and failslab, and KASAN on x86_64; a
	  kernel splat during a test fails it;
	- a separate conformance suite that uses only the public $KERNEL API,
	  run on $KERNEL's core and on this one with the same results
	  (lookups, transitions and their ordering, device tree properties,
	  tables as real boards write them, power domains, required OPPs,
	  debugfs);
	- every file outside drivers/opp that calls the OPP API, and
	  cpufreq.h, compiled against this core in arm64 and arm
	  allmodconfig, and every OPP symbol they use checked to be exported
	  (and not GPL-only where $KERNEL's is not);
	- an arm64 QEMU virt machine booting cpufreq-dt and devfreq drivers
	  on a simulated clock controller and PMIC: every transition of the
	  userspace governor's walk and of schedutil under load traced, and
	  its ordering of clock and supplies checked;
	- checkpatch --strict, sparse and W=1 clean; after each patch the
	  tree builds (the KUnit configuration, drivers/opp after each patch,
	  the whole kernel after the first and the last).

	Generated by "make patches" from revision $SERIES_REV of the OPP core
	repository; the base is Debian's $OPP_SOURCE $(debian_version),
	whose drivers/opp is upstream's.
	EOF
	)
	BLURB=$blurb python3 - "$cover" <<-'EOF'
	import os, sys
	path = sys.argv[1]
	text = open(path).read()
	text = text.replace("*** SUBJECT HERE ***",
	                    "PM / OPP: A reimplementation of the OPP core")
	text = text.replace("*** BLURB HERE ***", os.environ["BLURB"])
	open(path, "w").write(text)
	EOF
}

format_patches() {
	mkdir -p "$OUT"
	rm -f "$OUT"/[0-9][0-9][0-9][0-9]-*.patch
	git_base format-patch -q --cover-letter --base="$BASE_TAG" -o "$OUT" \
		"$BASE_TAG..$BRANCH"
	cover_letter "$OUT/0000-cover-letter.patch"
}

# checkpatch one patch: prints the findings that are not excused; returns
# their number.
checkpatch_one() {
	local patch=$1 excused
	excused=$(printf '%s\n' "${CHECKPATCH_EXCUSED[@]}")
	# Debian's python3 for spdxcheck.py (python3-ply), ahead of any other.
	# checkpatch's own status counts the excused findings too: awk judges.
	{ PATH=/usr/bin:$PATH perl "$BASE_REPO/scripts/checkpatch.pl" --strict --show-types \
		--ignore "$CHECKPATCH_IGNORE" "$patch" || true; } |
		EXCUSED=$excused awk '
		BEGIN { n = split(ENVIRON["EXCUSED"], e, "\n")
			for (i = 1; i <= n; i++) ok[e[i]] = 1 }
		/^(ERROR|WARNING|CHECK):/ { block = $0; type = $0
			sub(/^[A-Z]*:/, "", type); sub(/:.*/, "", type); file = ""; next }
		block != "" && /^#[0-9]+: FILE: / { f = $0; sub(/^#[0-9]+: FILE: /, "", f)
			sub(/:[0-9]+:$/, "", f); file = f }
		block != "" && /^$/ { if (!((file " " type) in ok)) { print block; bad++ }
			block = ""; next }
		block != "" { block = block "\n" $0 }
		END { if (block != "" && !((file " " type) in ok)) { print block; bad++ }
			exit bad > 0 }'
}

run_checkpatch() {
	local p i bad=0
	if ! grep -qx $'F:\tdrivers/opp/' "$BASE_REPO/MAINTAINERS" ||
		! grep -qx $'F:\tDocumentation/power/opp.rst' "$BASE_REPO/MAINTAINERS"; then
		die "MAINTAINERS no longer lists drivers/opp/ and opp.rst: FILE_PATH_CHANGES cannot be ignored"
	fi
	# One checkpatch per patch, side by side; their findings in order.
	local dir pids=() patches=()
	dir=$(mktemp -d)
	for p in "$OUT"/[0-9][0-9][0-9][0-9]-*.patch; do
		[[ $p == */0000-cover-letter.patch ]] && continue
		checkpatch_one "$p" >"$dir/${#patches[@]}" &
		pids+=($!) patches+=("$p")
	done
	for i in "${!patches[@]}"; do
		if ! wait "${pids[$i]}"; then
			cat "$dir/$i"
			echo "FAIL checkpatch: $(basename "${patches[$i]}")"
			bad=$((bad + 1))
		fi
	done
	rm -rf "$dir"
	((bad == 0)) || die "checkpatch: $bad patch(es) not clean"
	say "checkpatch --strict: $SERIES_COUNT patches clean"
}

main() {
	local start=$SECONDS
	command -v git >/dev/null || die "git missing (apt-get install git)"
	# checkpatch's SPDX check runs scripts/spdxcheck.py: ply and GitPython.
	bash "$OPP_SCRIPTS/deps.sh" python3-ply python3-git
	mkdir -p "$OPP_CACHE"
	# Not a kernel build: a lock of its own, not the build lock.
	exec 8>"$OPP_CACHE/.patches.lock"
	flock 8
	identity
	make_base
	make_series
	format_patches
	run_checkpatch
	git_base checkout -q -f "$BASE_TAG"
	printf '    %s\n' "$OUT"/[0-9][0-9][0-9][0-9]-*.patch
	say "patches: $SERIES_COUNT patches and a cover letter in $OUT ($((SECONDS - start)) s)"
}

main "$@"
