#!/usr/bin/env bash
# verdict.sh KERNEL_LOG [KUNIT_OUT]
# Judges a raw kernel log holding KUnit's KTAP output (see ktap-verdict.awk):
# fails on any failed, crashed, missing or skipped test case, on any kernel
# splat, and when no test ran. The last line printed is always
# "N passed, N failed[, N skipped]".
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

no_log() {
	echo "FAIL: no kernel log: the kernel was not configured, built or booted${1:+ (kunit.py output: $1)}"
	echo "0 passed, 1 failed"
	exit 1
}

main() {
	local log=${1:?usage: verdict.sh KERNEL_LOG [KUNIT_OUT]}
	[[ -s $log ]] || no_log "${2:-}"
	awk -f "$OPP_SCRIPTS/ktap-verdict.awk" "$log"
}

main "$@"
