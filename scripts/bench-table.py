#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bench-table.py DIR: the table of make bench, from the kernel logs in DIR.

DIR holds, for each core (upstream, ours), <core>-icount-1.log and
<core>-icount-2.log (two boots with -icount shift=0) and <core>-mttcg.log
(one boot with two vCPUs on two host threads). Each log has lines
"BENCH <metric> <value> <unit>" printed by bench/opp_bench.c. Prints, as
Markdown: whether the two icount runs of each core agree, the table (metric,
upstream, ours, ours/upstream, goal, verdict) from the first icount run, where
every row has a goal on ours/upstream or says "info" (a breakdown or a
reference), then the goals that are not a ratio, and a count of verdicts.
"""

import os
import re
import sys
from pathlib import Path

CORES = ("upstream", "ours")
LINE = re.compile(r"BENCH (\S+) (-?\d+) (\S+)")
AGREE_PCT = 3.0
# Figures that depend on when RCU grace periods end, which icount does not
# make repeatable from one boot to the next: shown, not held to AGREE_PCT.
TIMING_DEPENDENT = ("burst_bytes_per_opp/4096",)
# BENCH_ICOUNT_SMP=0: the icount boots had one CPU (6.1 brings up no second
# one under icount), so the lookups of one CPU against two come from the
# MTTCG boot only.
ICOUNT_SMP = os.environ.get("BENCH_ICOUNT_SMP", "1") != "0"


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
    # an overhead at or below zero (the core cheaper than its own calls)
    # gives no meaningful ratio
    if up is None or ours is None or up <= 0:
        return None
    return ours / up


# A goal is (comparison, limit) on ours/upstream; None for a row that is only
# a breakdown or a reference, whose verdict is "info".
LE_030 = ("≤", 0.30)
LE_072 = ("≤", 0.72)
LE_080 = ("≤", 0.80)
LE_100 = ("≤", 1.00)
GE_100 = ("≥", 1.00)
SET_RATE_CASES = (
    ("clk", "trivial clock", "clock"),
    ("clk+reg", "clock + regulator", "clock and regulator"),
    ("pd", "clock + power-domain level (required OPP)", "clock and `dev_pm_genpd_set_performance_state`"),
    ("icc", "clock + one interconnect path", "clock and `icc_set_bw`"),
)


def rows():
    """(label, metric or derived key, unit, goal) in the order of the table."""
    out = []
    for op, name in (("find_ceil", "find_freq_ceil"),
                     ("find_floor", "find_freq_floor"),
                     ("find_exact", "find_freq_exact")):
        for n in (8, 32, 128, 512):
            for others in (1, 16):
                label = f"`{name}` + put, {n} OPPs, {others} other table{'s' if others > 1 else ''}"
                goal_ = LE_030 if (n, others) == (32, 16) else LE_100
                out.append((label, f"{op}/{n}/{others}", "ns", goal_))
    out += [
        ("`get_opp_count`, 32 OPPs, 16 other tables", "get_opp_count/32/16", "ns", LE_100),
        ("`get_voltage`", "get_voltage", "ns", LE_100),
        ("`get_freq` (a call in the same loop)", "get_freq", "ns", None),
    ]
    for what, name, calls in SET_RATE_CASES:
        out += [
            (f"`set_rate`, two OPPs, {name}", f"set_rate/{what}", "ns", LE_100),
            (f"  the same {calls} calls without the OPP core", f"set_rate_base/{what}", "ns", None),
            ("  core overhead (difference)", f"=overhead/{what}", "ns", LE_080),
        ]
        if what in ("clk", "clk+reg"):
            out += [
                ("  of which `clk_round_rate` (if the core calls it)", f"set_rate_round/{what}", "ns", None),
                ("  of which `find_freq_ceil` + put on this table", f"set_rate_find/{what}", "ns", None),
            ]
    out += [
        ("`of_add_table` + `of_remove_table`, 64-OPP DT table", "of_add+remove/64", "ns", LE_080),
        ("  of which `of_add_table`", "of_add_table/64", "ns", None),
        ("  of which `of_remove_table`", "of_remove_table/64", "ns", None),
        ("64 × `dev_pm_opp_add` + `remove_all_dynamic`", "add_dynamic/64", "ns", LE_100),
        ("live bytes right after a 4,096-add burst, per OPP (slab growth before any grace period)",
         "burst_bytes_per_opp/4096", "B", LE_100),
        ("bytes per OPP at rest (slab growth over 4,096 `dev_pm_opp_add`, after grace periods)",
         "bytes_per_opp/4096", "B", LE_072),
    ]
    if ICOUNT_SMP:
        out += [
            ("lookups/s, 1 CPU, icount (instructions)", "lookups_per_s/1cpu", "/s", GE_100),
            ("lookups/s, 2 CPUs, icount (instructions)", "lookups_per_s/2cpu", "/s", GE_100),
        ]
    out += [
        ("lookups/s, 1 CPU, two host threads (wall clock)", "@lookups_per_s/1cpu", "/s", GE_100),
        ("lookups/s, 2 CPUs, two host threads (wall clock)", "@lookups_per_s/2cpu", "/s", GE_100),
        ("calibration: voltage reads/s, 1 CPU, two host threads", "@reads_per_s/1cpu", "/s", None),
        ("calibration: voltage reads/s, 2 CPUs, two host threads", "@reads_per_s/2cpu", "/s", None),
    ]
    return out


def verdict(value_, goal_):
    """The goal as shown, and met / **not met** / info / not measured."""
    if goal_ is None:
        return "—", "info"
    cmp, limit = goal_
    shown = f"{cmp} {limit:.2f}"
    if value_ is None:
        return shown, "not measured"
    met = value_ <= limit if cmp == "≤" else value_ >= limit
    return shown, "met" if met else "**not met**"


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
    worst, where, apart = 0.0, None, []
    for metric in one:
        if metric not in two:
            return f"{core}: run 2 lacks {metric}", False
        a, b = float(one[metric][0]), float(two[metric][0])
        if metric in TIMING_DEPENDENT:
            apart.append(f"{metric} {a:,.0f} and {b:,.0f}")
            continue
        diff = abs(a - b) / max(abs(a), abs(b), 1e-9) * 100
        if diff > worst:
            worst, where = diff, metric
    if not one:
        return f"{core}: no figures in run 1", False
    ok = worst <= AGREE_PCT
    verdict = "agree" if ok else "DO NOT agree"
    text = (f"{core}: the two icount runs {verdict} within {AGREE_PCT:.0f} % "
            f"({len(one) - len(apart)} figures, largest difference {worst:.2f} %"
            f"{f' on {where}' if where else ''})")
    if apart:
        text += f"; timing-dependent, not compared: {'; '.join(apart)}"
    return text, ok


def goal(label, value_, limit, cmp):
    shown, text = verdict(value_, (cmp, limit))
    cell = "—" if value_ is None else f"{value_:.3f}"
    return f"| {label} | {cell} | {shown} | {text} |", text


def log_growth(runs, op):
    """Ours at 8..512 OPPs with 16 tables: steps per 4x, and the verdict."""
    t = [get(runs, "ours", f"{op}/{n}/16") for n in (8, 32, 128, 512)]
    label = f"`{op}` time per 4× OPPs (ours, 16 tables, 8→32→128→512, ns)"
    if None in t:
        return f"| {label} | — | equal steps | not measured |", "not measured"
    steps = [t[i + 1] - t[i] for i in range(3)]
    # a + b*log(n) gives equal steps per 4x; a linear search gives steps
    # growing 4x each time. Allow the last step to be twice the first.
    met = steps[2] <= 2 * max(steps[0], 0.0) + 5.0
    text = ", ".join(f"{s:+.1f}" for s in steps)
    verdict_ = "met" if met else "**not met**"
    return f"| {label} | {text} | equal steps | {verdict_} |", verdict_


def main():
    directory = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    runs = load(directory)
    verdicts = []
    print()
    all_agree = True
    for core in CORES:
        text, ok = agreement(runs, core)
        all_agree &= ok
        print(f"- {text}")
    print()
    print("Goals are on ours/upstream (instructions under icount; for lookups/s,")
    print("higher is better); \"info\" marks a breakdown or a reference row.")
    print()
    print("| metric | upstream | ours | ours/upstream | goal | verdict |")
    print("| --- | ---: | ---: | ---: | :---: | --- |")
    for label, key, unit, goal_ in rows():
        up, ours = get(runs, "upstream", key), get(runs, "ours", key)
        r = ratio(up, ours)
        shown = unit if unit != "/s" else ""
        limit, text = verdict(r, goal_)
        verdicts.append(text)
        print(f"| {label}{' (' + shown + ')' if shown else ''} | {fmt(up, unit)} | "
              f"{fmt(ours, unit)} | {'—' if r is None else f'{r:.3f}'} | {limit} | {text} |")
    print()
    print("| 2 CPUs / 1 CPU | upstream | ours |")
    print("| --- | ---: | ---: |")
    for what, run, name in (("lookups", "icount-1", "icount"),
                            ("lookups", "mttcg", "two host threads"),
                            ("reads", "mttcg", "two host threads (calibration)")):
        if run.startswith("icount") and not ICOUNT_SMP:
            continue
        cells = []
        for core in CORES:
            s = scaling(runs, core, run, what)
            cells.append("—" if s is None else f"{s:.3f}")
        print(f"| {what}/s, {name} | {cells[0]} | {cells[1]} |")
    print()
    print("| goal beyond a ratio | value | limit | verdict |")
    print("| --- | ---: | ---: | --- |")
    for op in ("find_ceil", "find_floor", "find_exact"):
        line, text = log_growth(runs, op)
        verdicts.append(text)
        print(line)
    line, text = goal("ours: 2-CPU / 1-CPU lookups per second (two host threads)",
                      scaling(runs, "ours", "mttcg", "lookups"), 1.8, "≥")
    verdicts.append(text)
    print(line)
    met = verdicts.count("met")
    failed = verdicts.count("**not met**")
    print()
    print(f"goals: {met} met, {failed} not met, {verdicts.count('info')} info rows")
    missing = [key for _, key, _, _ in rows()
               if get(runs, "upstream", key) is None or get(runs, "ours", key) is None]
    if missing:
        print(f"bench: INCOMPLETE, no figure for: {', '.join(missing)}")
        return 1
    print("bench: both columns complete" +
          ("" if all_agree else "; WARNING: runs of one core disagree"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
