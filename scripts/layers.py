#!/usr/bin/env python3
"""make lint: calls between the core's files only go down.

The order is the one the DOC block of opp.h gives under "Files": a file may
call functions defined in the files before it, never in one after it. A
function counts as called where its name is followed by "(" outside
comments, or where a __free() class of pm_opp.h names it. README.md's Map
lists the same files in the same order, each with the files it calls: that
column is checked against the code. Prints each call that goes up and each
row of the Map that is wrong; exits 1 if there is any.
"""
import os
import re
import sys

FREE_CLASSES = {"put_opp": "dev_pm_opp_put",
                "put_opp_table": "dev_pm_opp_put_opp_table"}


def file_order(repo):
    text = open(os.path.join(repo, "opp.h")).read()
    m = re.search(r"calls only go down this list[^:]*:(.*?)\.\s", text, re.S)
    if not m:
        sys.exit("layers: no file order in opp.h's DOC block")
    return re.findall(r"([a-z_]+\.c)", m.group(1))


def strip_comments(src):
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    return re.sub(r"//[^\n]*", " ", src)


def definitions(src):
    """Names of the non-static functions a file defines."""
    names = set()
    for m in re.finditer(r"^(?!static\b)[A-Za-z_][^;{}()=]*?\b(\w+)\([^;{}]*\)\s*\{",
                         src, re.M):
        names.add(m.group(1))
    return names


def map_rows(repo):
    """README.md's Map: (file, the files its "calls" column names), in order."""
    text = open(os.path.join(repo, "README.md")).read()
    m = re.search(r"^## Map\n(.*?)(?=^## )", text, re.M | re.S)
    if not m:
        sys.exit("layers: README.md has no Map")
    rows = []
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"`[\w.-]+\.[ch]`", cells[0]):
            rows.append((cells[0].strip("`"), set(re.findall(r"`([\w.-]+)`", cells[2]))))
    return rows


def check_map(repo, order, calls):
    """Prints each way the Map differs from the code; returns how many."""
    rows = map_rows(repo)
    listed = [f for f, _ in rows if f.endswith(".c") and f in calls]
    wrong = 0
    if listed != order:
        print(f"layers: README.md's Map lists {' '.join(listed)}; opp.h's order is {' '.join(order)}")
        wrong += 1
    for f, named in rows:
        if f in calls and named != calls[f]:
            print(f"layers: README.md's Map says {f} calls {' '.join(sorted(named)) or 'nothing'}; "
                  f"it calls {' '.join(sorted(calls[f])) or 'nothing'}")
            wrong += 1
    return wrong


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else "."
    order = file_order(repo)
    srcs = {f: strip_comments(open(os.path.join(repo, f)).read()) for f in order}
    owner = {}
    for f in order:
        for name in definitions(srcs[f]):
            owner[name] = f
    rank = {f: i for i, f in enumerate(order)}
    up = 0
    calls = {f: set() for f in order}
    for f in order:
        used = set(re.findall(r"\b(\w+)\s*\(", srcs[f]))
        used |= {FREE_CLASSES[c] for c in re.findall(r"__free\((\w+)\)", srcs[f])
                 if c in FREE_CLASSES}
        for name in sorted(used):
            g = owner.get(name)
            if g and g != f:
                calls[f].add(g)
            if g and rank[g] > rank[f]:
                print(f"layers: {f} calls {name}() of {g}, which comes after it")
                up += 1
    up += check_map(repo, order, calls)
    missing = sorted(set(x for x in os.listdir(repo) if x.endswith(".c"))
                     - set(order) - {"ti-opp-supply.c"})
    for f in missing:
        print(f"layers: {f} is not in opp.h's file order")
    if up or missing:
        sys.exit(1)
    print(f"layers: {len(order)} files, every call goes down, as the Map says")


main()
