# shellcheck shell=bash
# What of this repository goes into a kernel tree of someone else, and as
# which patches; sourced by patches.sh and graft.sh (after lib.sh), never run.
#
# The kernel change is the OPP core, its KUnit suites and its documentation:
#   drivers/opp/           the repository minus the host side (scripts/,
#                          .ci/, every README.md, bench/, conformance/,
#                          compat/) and minus demo/: the demo's simulated
#                          clock and PMIC are a harness for "make demo"
#                          (their symbol has no prompt and is switched on by
#                          an environment variable), not something a kernel
#                          tree should carry;
#   drivers/opp/Makefile   the kbuild half of our Makefile only, without the
#                          demo line;
#   drivers/opp/Kconfig    without the demo's "source" line;
#   include/linux/pm_opp.h
#   Documentation/power/opp.rst  our Documentation/opp.rst (the path
#                          upstream's document has, which Kconfig points at).

# Paths a graft or the series writes, relative to the top of a kernel tree.
# shellcheck disable=SC2034 # used by the scripts that source this one
SERIES_PATHS=(drivers/opp include/linux/pm_opp.h Documentation/power/opp.rst)

# Repository paths that never leave the repository.
SERIES_EXCLUDES='^(\.ci/|\.gitignore$|scripts/|(.*/)?README\.md$|bench/|conformance/|compat/|demo/|include/|Documentation/)'

# The repository's files (tracked, and untracked but not ignored, as the
# graft of make tree takes them), relative to its top.
series_repo_files() {
	(cd "$OPP_REPO" && git ls-files -co --exclude-standard) |
		grep -Ev "$SERIES_EXCLUDES" | sort
}

# kbuild_makefile: the part of our Makefile kbuild reads, without the demo.
kbuild_makefile() {
	echo '# SPDX-License-Identifier: GPL-2.0-only'
	# shellcheck disable=SC2016 # make's $(...), not the shell's
	sed -n '/^ifneq (\$(KERNELRELEASE),)$/,/^else$/p' "$OPP_REPO/Makefile" |
		sed '1d;$d' | grep -v '^obj-\$(CONFIG_PM_OPP_DEMO)' |
		sed -e '/./,$!d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

kconfig_file() {
	grep -v '^source "drivers/opp/demo/Kconfig"$' "$OPP_REPO/Kconfig" |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# series_stage DIR: DIR/drivers/opp, DIR/include/linux/pm_opp.h and
# DIR/Documentation/power/opp.rst as the complete change makes them.
series_stage() {
	local dir=$1 f
	rm -rf "$dir"
	mkdir -p "$dir/drivers/opp" "$dir/include/linux" "$dir/Documentation/power"
	while read -r f; do
		case $f in
		Makefile) kbuild_makefile >"$dir/drivers/opp/Makefile" ;;
		Kconfig) kconfig_file >"$dir/drivers/opp/Kconfig" ;;
		*)
			mkdir -p "$dir/drivers/opp/$(dirname "$f")"
			cp "$OPP_REPO/$f" "$dir/drivers/opp/$f"
			;;
		esac
	done < <(series_repo_files)
	cp "$OPP_REPO/include/linux/pm_opp.h" "$dir/include/linux/pm_opp.h"
	cp "$OPP_REPO/Documentation/opp.rst" "$dir/Documentation/power/opp.rst"
}
