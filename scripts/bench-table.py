#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bench-table.py DIR: the table of make bench, from the kernel logs in DIR.

DIR holds, for each core (upstream, ours), <core>-icount-1.log and
<core>-icount-2.log (two boots with -icount shift=0) and <core>-mttcg.log
(one boot with two vCPUs on two host threads). Each log has lines
"BENCH <metric> <value> <unit>" printed by bench/opp_bench.c. Prints, as
Markdown: whether the two icount runs of each core agree, the table (metric,
upstream, ours, ours/upstream) from the first icount run, and the goals.
"""

import re
import sys
from pathlib import Path

CORES = ("upstream", "ours")
LINE = re.compile(r"BENCH (\S+) (-?\d+) (\S+)")
AGREE_PCT = 3.0


def parse(path):
    figures = {}
    for line in path.read_text(errors="replace").splitlines():
        m = LINE.search(line)
        if m:
            figures[m.group(1)] = (int(m.group(2)), m.group(3))
    return figures


def load(directory):
    runs = {}
    for core in CORES:
        for run in ("icount-1", "icount-2", "mttcg"):
            path = directory / f"{core}-{run}.log"
            runs[core, run] = parse(path) if path.exists() else {}
    return runs


def value(figs, metric):
    """The figure in display units: ns for times, bytes, lookups/s."""
    if metric not in figs:
        return None
    v, unit = figs[metric]
    return v / 1000.0 if unit == "ps" else float(v)


def fmt(v, unit):
    if v is None:
        return "—"
    if unit == "ns":
        return f"{v:,.1f}" if v < 10000 else f"{v:,.0f}"
    return f"{v:,.0f}"


def ratio(up, ours):
    if up is None or ours is None or up == 0:
        return None
    return ours / up


def rows():
    """(label, metric or derived key, unit) in the order of the table."""
    out = []
    for op, name in (("find_ceil", "find_freq_ceil"),
                     ("find_floor", "find_freq_floor"),
                     ("find_exact", "find_freq_exact")):
        for n in (8, 32, 128, 512):
            for others in (1, 16):
                label = f"`{name}` + put, {n} OPPs, {others} other table{'s' if others > 1 else ''}"
                out.append((label, f"{op}/{n}/{others}", "ns"))
    out += [
        ("`get_opp_count`, 32 OPPs, 16 other tables", "get_opp_count/32/16", "ns"),
        ("`get_voltage`", "get_voltage", "ns"),
        ("`get_freq` (a call in the same loop)", "get_freq", "ns"),
        ("`set_rate`, two OPPs, trivial clock", "set_rate/clk", "ns"),
        ("  the same clock calls without the OPP core", "set_rate_base/clk", "ns"),
        ("  core overhead (difference)", "=overhead/clk", "ns"),
        ("  of which `clk_round_rate` (if the core calls it)", "set_rate_round/clk", "ns"),
        ("  of which `find_freq_ceil` + put on this table", "set_rate_find/clk", "ns"),
        ("`set_rate`, two OPPs, clock + regulator", "set_rate/clk+reg", "ns"),
        ("  the same clock and regulator calls without the OPP core", "set_rate_base/clk+reg", "ns"),
        ("  core overhead (difference)", "=overhead/clk+reg", "ns"),
        ("  of which `clk_round_rate` (if the core calls it)", "set_rate_round/clk+reg", "ns"),
        ("  of which `find_freq_ceil` + put on this table", "set_rate_find/clk+reg", "ns"),
        ("`of_add_table`, 64-OPP DT table", "of_add_table/64", "ns"),
        ("  the same 64 OPPs by `dev_pm_opp_add` + `remove_all_dynamic`", "add_dynamic/64", "ns"),
        ("`of_remove_table`, 64-OPP DT table", "of_remove_table/64", "ns"),
        ("`of_add_table` + `of_remove_table`", "of_add+remove/64", "ns"),
        ("bytes per OPP (slab growth over 4096 `dev_pm_opp_add`)", "bytes_per_opp/4096", "B"),
        ("lookups/s, 1 CPU, icount (instructions)", "lookups_per_s/1cpu", "/s"),
        ("lookups/s, 2 CPUs, icount (instructions)", "lookups_per_s/2cpu", "/s"),
        ("lookups/s, 1 CPU, two host threads (wall clock)", "@lookups_per_s/1cpu", "/s"),
        ("lookups/s, 2 CPUs, two host threads (wall clock)", "@lookups_per_s/2cpu", "/s"),
        ("calibration: voltage reads/s, 1 CPU, two host threads", "@reads_per_s/1cpu", "/s"),
        ("calibration: voltage reads/s, 2 CPUs, two host threads", "@reads_per_s/2cpu", "/s"),
    ]
    return out


def scaling(runs, core, run, what):
    one = value(runs[core, run], f"{what}_per_s/1cpu")
    two = value(runs[core, run], f"{what}_per_s/2cpu")
    return two / one if one and two else None


def get(runs, core, key):
    if key.startswith("=overhead/"):
        what = key.split("/", 1)[1]
        total = get(runs, core, f"set_rate/{what}")
        base = get(runs, core, f"set_rate_base/{what}")
        return None if total is None or base is None else total - base
    if key.startswith("@"):
        return value(runs[core, "mttcg"], key[1:])
    return value(runs[core, "icount-1"], key)


def agreement(runs, core):
    one, two = runs[core, "icount-1"], runs[core, "icount-2"]
    worst, where = 0.0, None
    for metric in one:
        if metric not in two:
            return f"{core}: run 2 lacks {metric}", False
        a, b = float(one[metric][0]), float(two[metric][0])
        diff = abs(a - b) / max(abs(a), abs(b), 1e-9) * 100
        if diff > worst:
            worst, where = diff, metric
    if not one:
        return f"{core}: no figures in run 1", False
    ok = worst <= AGREE_PCT
    verdict = "agree" if ok else "DO NOT agree"
    return (f"{core}: the two icount runs {verdict} within {AGREE_PCT:.0f} % "
            f"({len(one)} figures, largest difference {worst:.2f} % on {where})"), ok


def goal(label, value_, limit, cmp):
    if value_ is None:
        return f"| {label} | — | {cmp} {limit} | not measured |"
    met = value_ <= limit if cmp == "≤" else value_ >= limit
    return f"| {label} | {value_:.3f} | {cmp} {limit} | {'met' if met else '**not met**'} |"


def log_growth(runs, op):
    """Ours at 8..512 OPPs with 16 tables: steps per 4x and a verdict."""
    t = [get(runs, "ours", f"{op}/{n}/16") for n in (8, 32, 128, 512)]
    if None in t:
        return f"| `{op}` grows logarithmically | — | | not measured |"
    steps = [t[i + 1] - t[i] for i in range(3)]
    # a + b*log(n) gives equal steps per 4x; a linear search gives steps
    # growing 4x each time. Allow the last step to be twice the first.
    met = steps[2] <= 2 * max(steps[0], 0.0) + 5.0
    text = ", ".join(f"{s:+.1f}" for s in steps)
    return (f"| `{op}` time per 4× OPPs (ours, 8→32→128→512, ns) | {text} | "
            f"equal steps | {'met' if met else '**not met**'} |")


def main():
    directory = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    runs = load(directory)
    print()
    all_agree = True
    for core in CORES:
        text, ok = agreement(runs, core)
        all_agree &= ok
        print(f"- {text}")
    print()
    print("| metric | upstream | ours | ours/upstream |")
    print("| --- | ---: | ---: | ---: |")
    for label, key, unit in rows():
        up, ours = get(runs, "upstream", key), get(runs, "ours", key)
        r = ratio(up, ours)
        shown = unit if unit != "/s" else ""
        print(f"| {label}{' (' + shown + ')' if shown else ''} | {fmt(up, unit)} | "
              f"{fmt(ours, unit)} | {'—' if r is None else f'{r:.3f}'} |")
    print()
    print("| 2 CPUs / 1 CPU | upstream | ours |")
    print("| --- | ---: | ---: |")
    for what, run, name in (("lookups", "icount-1", "icount"),
                            ("lookups", "mttcg", "two host threads"),
                            ("reads", "mttcg", "two host threads (calibration)")):
        cells = []
        for core in CORES:
            s = scaling(runs, core, run, what)
            cells.append("—" if s is None else f"{s:.3f}")
        print(f"| {what}/s, {name} | {cells[0]} | {cells[1]} |")
    print()
    print("| goal | value | limit | verdict |")
    print("| --- | ---: | ---: | --- |")
    for op in ("find_ceil", "find_floor", "find_exact"):
        print(goal(f"`{op}` ours/upstream, 32 OPPs, 16 tables",
                   ratio(get(runs, "upstream", f"{op}/32/16"),
                         get(runs, "ours", f"{op}/32/16")), 0.2, "≤"))
    for op in ("find_ceil", "find_floor", "find_exact"):
        print(log_growth(runs, op))
    for what in ("clk", "clk+reg"):
        print(goal(f"`set_rate` core overhead ours/upstream, {what}",
                   ratio(get(runs, "upstream", f"=overhead/{what}"),
                         get(runs, "ours", f"=overhead/{what}")), 0.5, "≤"))
    print(goal("bytes per OPP ours/upstream",
               ratio(get(runs, "upstream", "bytes_per_opp/4096"),
                     get(runs, "ours", "bytes_per_opp/4096")), 0.5, "≤"))
    print(goal("DT load + remove ours/upstream",
               ratio(get(runs, "upstream", "of_add+remove/64"),
                     get(runs, "ours", "of_add+remove/64")), 1.0, "≤"))
    print(goal("ours: 2-CPU / 1-CPU lookups per second (two host threads)",
               scaling(runs, "ours", "mttcg", "lookups"), 1.8, "≥"))
    missing = [key for _, key, _ in rows()
               if get(runs, "upstream", key) is None or get(runs, "ours", key) is None]
    print()
    if missing:
        print(f"bench: INCOMPLETE, no figure for: {', '.join(missing)}")
        return 1
    print("bench: both columns complete" +
          ("" if all_agree else "; WARNING: runs of one core disagree"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
