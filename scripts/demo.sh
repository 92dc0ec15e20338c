#!/usr/bin/env bash
# make demo: the end-to-end demonstration. Not implemented yet: says what it
# will do and fails.
set -euo pipefail

cat <<'PLAN'
make demo will:
  1. build an arm64 Linux 6.12 kernel with this OPP core grafted in;
  2. boot it under QEMU (virt machine, TCG) with a device tree that describes
     CPU and devfreq OPP tables;
  3. drive DVFS from user space through cpufreq-dt and devfreq (sysfs), and
     show the OPP core switching frequencies and voltages.
PLAN
echo "error: make demo is not implemented yet (its own issue); run 'make check' for the tests" >&2
exit 1
