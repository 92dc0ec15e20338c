#!/usr/bin/env bash
# make fuzz [N=2000] [SEED=1] [ONLY=i]: the opp_fuzz suite, N mutated device
# tree tables, opp_fault's allocation sweeps and opp_of_bad's huge table in
# full, on make check's
# kernel (same fragments and build dir: nothing is rebuilt when make check
# ran last; only QEMU boots again, twice side by side: see below).
#
# Each mutation is one KUnit case parameter, so the verdict's last line,
# "N passed, N failed", counts mutations (and the cases of opp_fault and
# opp_of_bad). A
# failed mutation prints its seed, number and table as DT source; ONLY=i
# SEED=s runs mutation i alone.
#
# OPP_KUNIT_TIMEOUT  seconds for each boot in QEMU (default: 120 + N / 4)
set -euo pipefail

n=${1:-${N:-2000}}
seed=${SEED:-1}
[[ $n =~ ^[0-9]+$ ]] || { echo "make fuzz: N must be a number, not '$n'" >&2; exit 2; }
[[ $seed =~ ^[0-9]+$ ]] || { echo "make fuzz: SEED must be a number, not '$seed'" >&2; exit 2; }
args="opp_kunit.fuzz_n=$n opp_kunit.fuzz_seed=$seed"
[[ -n ${ONLY:-} ]] && args+=" opp_kunit.fuzz_only=$ONLY"
[[ -n ${DUMP:-} ]] && args+=" opp_kunit.fuzz_dump=1"

# Without ONLY, opp_fault's sweeps run in full too (make check fails every
# fourth allocation only), and opp_of_bad with a table of 1000 OPPs (100 in
# make check); three boots side by side share the work: opp_fault and
# opp_of_bad (two vCPUs: a case shares a table between two CPUs), then the
# regression case and the even mutations, and the odd ones, one vCPU each
# (under TCG one vCPU runs faster than two, and each mutation runs on one
# CPU): the two halves keep both host cores busy.
suite='opp_f*'
args+=" opp_kunit.fault_stride=1 opp_kunit.big_nr=1000"
if [[ -n ${ONLY:-} ]]; then
	suite=opp_fuzz
else
	# opp_[fo][af]*[td]: opp_fault and opp_of_bad (a glob has no "or").
	export OPP_SHARDS="2 opp_[fo][af]*[td]
1 opp_fuzz opp_kunit.fuzz_shards=2 opp_kunit.fuzz_shard=0
1 opp_fuzz.opp_fuzz_mutation opp_kunit.fuzz_shards=2 opp_kunit.fuzz_shard=1"
fi

echo ">> make fuzz: $n mutations from seed $seed${ONLY:+, mutation $ONLY alone}"
export SUITE=$suite OPP_KERNEL_ARGS=$args
export OPP_KUNIT_TIMEOUT=${OPP_KUNIT_TIMEOUT:-$((120 + n / 4))}
exec bash "$(dirname "${BASH_SOURCE[0]}")/check.sh"
