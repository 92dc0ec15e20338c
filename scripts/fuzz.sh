#!/usr/bin/env bash
# make fuzz [N=2000] [SEED=1] [ONLY=i]: the opp_fuzz suite, N mutated device
# tree tables, and opp_fault's allocation sweeps in full, on make check's
# kernel (same fragments and build dir: nothing is rebuilt when make check
# ran last; only QEMU boots again).
#
# Each mutation is one KUnit case parameter, so the verdict's last line,
# "N passed, N failed", counts mutations (and opp_fault's five cases). A
# failed mutation prints its seed, number and table as DT source; ONLY=i SEED=s runs mutation i alone.
#
# OPP_KUNIT_TIMEOUT  seconds for the run in QEMU (default: 120 + N / 4)
set -euo pipefail

n=${1:-${N:-2000}}
seed=${SEED:-1}
[[ $n =~ ^[0-9]+$ ]] || { echo "make fuzz: N must be a number, not '$n'" >&2; exit 2; }
[[ $seed =~ ^[0-9]+$ ]] || { echo "make fuzz: SEED must be a number, not '$seed'" >&2; exit 2; }
args="opp_kunit.fuzz_n=$n opp_kunit.fuzz_seed=$seed"
[[ -n ${ONLY:-} ]] && args+=" opp_kunit.fuzz_only=$ONLY"
[[ -n ${DUMP:-} ]] && args+=" opp_kunit.fuzz_dump=1"

# Without ONLY, opp_fault's sweeps run in full too (make check fails every
# fourth allocation only): opp_f* is opp_fault and opp_fuzz.
suite='opp_f*'
args+=" opp_kunit.fault_stride=1"
[[ -n ${ONLY:-} ]] && suite=opp_fuzz

echo ">> make fuzz: $n mutations from seed $seed${ONLY:+, mutation $ONLY alone}"
export SUITE=$suite OPP_KERNEL_ARGS=$args
export OPP_KUNIT_TIMEOUT=${OPP_KUNIT_TIMEOUT:-$((120 + n / 4))}
exec bash "$(dirname "${BASH_SOURCE[0]}")/check.sh"
