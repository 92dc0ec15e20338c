#!/usr/bin/env python3
"""Compares the opp_diff traces of two OPP cores (make difftest).

Usage:
  difftest-results.py --list CHUNK upstream=LOG ours=LOG
      prints the numbers of the scenarios whose trace differs or that one
      core did not finish, the ones to replay with their traces printed:
      CHUNK per line (what one boot replays), comma separated.
  difftest-results.py --allow FILE --doc RST upstream=LOG ours=LOG
                      [--replay upstream=LOG ours=LOG]
      the verdict. Each scenario prints "opp_diff #I seed S: CRC N lines";
      a scenario passes when both cores printed the same, or when its
      traces (printed with diff_dump, in the logs or in the replay logs)
      differ only in lines that one allowlist entry accepts. The last line
      is "N passed, N failed".

The allowlist: blank lines and "#" comments aside, entries of a "doc:"
line, the title of a difference listed in RST's "Differences from Linux
6.12", then "line:" lines, each a Python regular expression, "pair:"
lines, two of them joined by " => ", and at most one "from:" line. An
entry accepts the differing lines (on either side) that match one of its
line: expressions, and a line of upstream's that our trace replaces, in
the same block of changed lines, with one that a pair: accepts
(upstream's first). With a from: line, its line: expressions accept only
lines at or after the first line of the same trace that the from:
expression matches. It is for the differences whose consequences follow
them: after a rolled-back transition, the hardware is elsewhere. An entry
whose doc: title is not in RST is an error: nothing is allowed that the
documentation does not list. A scenario whose every differing line some
entry accepts is allowed.
"""

import difflib
import re
import sys

SUMMARY = re.compile(r'opp_diff #(\d+) seed (\d+): ([0-9a-f]{8}) (\d+) lines')
TRACE = re.compile(r'# opp_diff_scenario: \| (.*)$')
SHOWN = 12   # differing lines shown per scenario
DETAILED = 20  # scenarios shown with their lines; the others in the summary


def parse(path):
    """{scenario: (seed, crc, lines, [trace lines] or None)} of one log."""
    out = {}
    trace = []
    with open(path, errors='replace') as f:
        for raw in f:
            line = raw.rstrip('\r\n')
            m = TRACE.search(line)
            if m:
                trace.append(m.group(1))
                continue
            m = SUMMARY.search(line)
            if m:
                i = int(m.group(1))
                out[i] = (int(m.group(2)), m.group(3), int(m.group(4)),
                          trace or None)
                trace = []
    return out


def pairs(args):
    """The CORE=LOG arguments, in order."""
    return [a.split('=', 1) for a in args]


def differing(up, ours):
    """Scenarios upstream ran whose summary differs on ours, or not run."""
    keys = sorted(set(up) | set(ours))
    return [i for i in keys
            if i not in up or i not in ours or up[i][:3] != ours[i][:3]]


def doc_titles(rst):
    """The titles listed under "Differences from Linux 6.12"."""
    with open(rst) as f:
        text = f.read()
    start = text.index('Differences from Linux 6.12')
    section = text[start:].split('\n\n', 1)[1]
    end = re.search(r'\n[^\n]+\n=+\n', section)
    section = section[:end.start()] if end else section
    return {line.strip() for line in section.splitlines()
            if line and not line[0].isspace()}


class Entry:
    """One difference of the allowlist."""

    def __init__(self, title):
        self.title = title
        self.lines = []
        self.pairs = []
        self.start = None   # the regex of the from: line, or None

    def scope(self, trace):
        """The index of the first line of trace the entry applies to."""
        if self.start is None:
            return 0
        return next((i for i, line in enumerate(trace)
                     if self.start.search(line)), len(trace))


def read_allow(path, titles):
    """[Entry] of the allowlist; exits on an unknown title."""
    entries = []
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            key, _, value = line.partition(':')
            value = value.strip()
            if key == 'doc':
                if value not in titles:
                    sys.exit(f'{path}:{n}: "{value}" is not a difference '
                             'listed in Documentation/opp.rst')
                entries.append(Entry(value))
            elif key == 'line' and entries:
                entries[-1].lines.append(re.compile(value))
            elif key == 'pair' and entries and ' => ' in value:
                a, b = value.split(' => ', 1)
                entries[-1].pairs.append((re.compile(a), re.compile(b)))
            elif key == 'from' and entries and entries[-1].start is None:
                entries[-1].start = re.compile(value)
            else:
                sys.exit(f'{path}:{n}: expected "doc:", "line:", "pair:" '
                         'or one "from:"')
    return entries


def paired(x, y, entries):
    """Whether an entry accepts upstream's line x replaced by our line y."""
    return any(a.search(x) and b.search(y)
               for e in entries for a, b in e.pairs)


def changed_lines(a, b, entries):
    """The lines that differ between a and b, "-" upstream's and "+" ours,
    each with its index in its trace, but for the replacements that a
    pair: of the allowlist accepts."""
    out = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == 'equal':
            continue
        old = list(enumerate(a[i1:i2], i1))
        new = list(enumerate(b[j1:j2], j1))
        if op == 'replace':
            # Each of upstream's lines takes the first of ours in the
            # replaced block that a pair accepts for it.
            unpaired = []
            for x in old:
                k = next((k for k, y in enumerate(new)
                          if paired(x[1], y[1], entries)), None)
                if k is None:
                    unpaired.append(x)
                else:
                    del new[k]
            old = unpaired
        out += [('-' + x, i) for i, x in old] + [('+' + y, j) for j, y in new]
    return out


def accepting(change, entries, a, b):
    """The title of the first entry that accepts a change of upstream's
    trace a or our trace b, or None."""
    text, at = change
    trace = a if text[0] == '-' else b
    for e in entries:
        if at >= e.scope(trace) and any(r.search(text[1:]) for r in e.lines):
            return e.title
    return None


def verdict(opts, logs, replays):
    titles = doc_titles(opts['--doc'])
    entries = read_allow(opts['--allow'], titles)
    (_, up_log), (_, ours_log) = logs
    up, ours = parse(up_log), parse(ours_log)
    traces = {}
    for core, log in [('upstream', up_log), ('ours', ours_log)] + replays:
        for i, (_, _, _, trace) in parse(log).items():
            if trace:
                traces.setdefault(core, {})[i] = trace
    bad = differing(up, ours)
    seed = next(iter(up.values()))[0] if up else 0
    failed = allowed = 0
    kinds = {}
    unreplayed = []
    for i in bad:
        a = traces.get('upstream', {}).get(i)
        b = traces.get('ours', {}).get(i)
        replay = f'make difftest SEED={seed} ONLY={i}'
        if i not in up or i not in ours:
            where = 'upstream' if i not in up else 'ours'
            print(f'difftest: #{i} seed {seed}: no result on {where} ({replay})')
            failed += 1
            continue
        if a is None or b is None:
            unreplayed.append(i)
            failed += 1
            continue
        changes = [text for text, at in changed_lines(a, b, entries)
                   if not accepting((text, at), entries, a, b)]
        if not changes:
            allowed += 1
            continue
        failed += 1
        kind = re.sub(r'\d+', 'N', changes[0])
        kinds.setdefault(kind, []).append(i)
        if failed > DETAILED:
            continue
        print(f'difftest: #{i} seed {seed}: differs ({replay}); '
              '- upstream, + ours:')
        for c in changes[:SHOWN]:
            print(f'  {c}')
        if len(changes) > SHOWN:
            print(f'  ... {len(changes) - SHOWN} more')
    if unreplayed:
        some = ' '.join(f'#{i}' for i in unreplayed[:10])
        print(f'difftest: {len(unreplayed)} differing scenarios without a '
              f'trace (their replay did not finish): {some}'
              f'{" ..." if len(unreplayed) > 10 else ""}')
    if kinds:
        print('difftest: first differing line (numbers as N), scenarios:')
        for kind, where in sorted(kinds.items(), key=lambda k: -len(k[1])):
            some = ' '.join(f'#{i}' for i in where[:6])
            print(f'  {len(where):5d}  {kind}   ({some}{" ..." if len(where) > 6 else ""})')
    total = len(set(up) | set(ours))
    print(f'difftest: {total} scenarios, {len(bad)} differ, {allowed} '
          'allowed by conformance/difftest.allow')
    print(f'{total - failed} passed, {failed} failed')
    return 1 if failed or not total else 0


def main(argv):
    opts, logs, replays, target = {}, [], [], None
    it = iter(argv)
    for arg in it:
        if arg in ('--list', '--allow', '--doc'):
            opts[arg] = next(it)
        elif arg == '--replay':
            target = replays
        elif '=' in arg:
            (target if target is not None else logs).append(arg)
        else:
            sys.exit(__doc__)
    logs, replays = pairs(logs), pairs(replays)
    if len(logs) != 2:
        sys.exit(__doc__)
    if '--list' in opts:
        up, ours = (parse(log) for _, log in logs)
        bad = differing(up, ours)
        chunk = int(opts['--list'])
        for k in range(0, len(bad), chunk):
            print(','.join(str(i) for i in bad[k:k + chunk]))
        return 0
    return verdict(opts, logs, replays)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
