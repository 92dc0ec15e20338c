#!/usr/bin/env python3
"""Compares the KTAP results of the conformance suites on two OPP cores.

Usage: conformance-results.py CORE=KERNEL_LOG [CORE=KERNEL_LOG ...]

The first core given (upstream, for make conformance) defines the cases:
every leaf result it reported (a parameterised case counts once per
parameter, a suite not at all). A case passes on a core if that core
reported it "ok" without "# SKIP"; "not ok", a skip, or no result at all
(crash, timeout) is a failure. Every case that fails on any core is listed
with its core and the diagnostic lines KUnit printed for it, then one line:

    conformance: upstream N/N, ours M/N

The exit status is 0 only if every core passed every case.
"""

import re
import sys

# A console line: optional "[ time] " prefix, then KTAP with its indent.
PREFIX = re.compile(r'^(?:\[[^\]]*\] ?)?')
RESULT = re.compile(r'^(not ok|ok) \d+ (.*?)(?: # (.*))?$')
SUBTEST = re.compile(r'^# Subtest: (.*)$')
STRUCTURE = re.compile(r'^(KTAP version|1\.\.\d|# module:|# Totals:|# [^ ]+: pass:)')


def parse(path):
    """Leaf results of a kernel log: {name: (passed, diagnostics)}."""
    with open(path, errors='replace') as f:
        lines = f.read().splitlines()
    names = {}        # indent -> the subtest whose results sit at that indent
    pending = []      # KUnit's lines since the last result
    results = {}
    parents = set()
    for raw in lines:
        line = PREFIX.sub('', raw.rstrip('\r'))
        body = line.lstrip(' ')
        depth = len(line) - len(body)
        sub = SUBTEST.match(body)
        if sub:
            names[depth] = sub.group(1)
            continue
        res = RESULT.match(body)
        if not res:
            if depth and body and not STRUCTURE.match(body):
                pending.append(body)
            continue
        chain = [names[d] for d in sorted(names) if d <= depth] if depth else []
        full = '.'.join(chain + [res.group(2)])
        directive = (res.group(3) or '').upper()
        passed = res.group(1) == 'ok' and not directive.startswith('SKIP')
        results[full] = (passed, pending)
        pending = []
        # What was nested deeper belonged to this result: it is no leaf.
        deeper = [d for d in names if d > depth]
        if deeper:
            parents.add(full)
        for d in deeper:
            del names[d]
    return {k: v for k, v in results.items() if k not in parents}


def main(argv):
    cores = []
    for arg in argv:
        core, sep, path = arg.partition('=')
        if not sep:
            sys.exit(f'usage: {sys.argv[0]} CORE=KERNEL_LOG ...')
        cores.append((core, parse(path)))
    if not cores:
        sys.exit(f'usage: {sys.argv[0]} CORE=KERNEL_LOG ...')

    cases = list(cores[0][1])
    summary = []
    ok = bool(cases)
    for core, results in cores:
        passed = 0
        for case in cases:
            good, diag = results.get(case, (False, ['no result (crash or timeout?)']))
            if good:
                passed += 1
                continue
            print(f'FAIL {core}: {case}')
            for d in diag[:12]:
                print(f'    {d}')
            if len(diag) > 12:
                print(f'    ... {len(diag) - 12} more lines')
        extra = sorted(set(results) - set(cases))
        for case in extra:
            print(f'note {core}: {case} is not among the cases of {cores[0][0]}')
        ok = ok and passed == len(cases)
        summary.append(f'{core} {passed}/{len(cases)}')
    if not cases:
        print(f'FAIL: {cores[0][0]} reported no test case')
    print('conformance: ' + ', '.join(summary))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
